import tseslint from 'typescript-eslint';

const browserGlobals = ['window', 'document', 'location', 'history', 'navigator', 'localStorage', 'sessionStorage', 'self', 'top', 'parent'].map(
  (name) => ({ name, message: 'Core packages take browser objects through injected seams; only src/browser-defaults.ts may name them.' }),
);

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/storybook-static/**', '**/node_modules/**', '**/.turbo/**', 'apps/storybook/public/**', '**/.readme-example-*', '**/bench-results/**'],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Framework-free cores: no React, no browser globals outside the one defaults file.
    files: ['packages/{money,url-state,core-filter,suggest,analytics,engine}/src/**/*.ts'],
    ignores: ['**/browser-defaults.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-globals': ['error', ...browserGlobals],
      'no-restricted-imports': ['error', { paths: ['react', 'react-dom'], patterns: ['react/*', 'react-dom/*', '@pkg/react-ui'] }],
    },
  },
);
