import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const browserGlobals = ['window', 'document', 'location', 'history', 'navigator', 'localStorage', 'sessionStorage', 'self', 'top', 'parent'].map(
  (name) => ({ name, message: 'Core packages take browser objects through injected seams; only src/browser-defaults.ts may name them.' }),
);

export default tseslint.config(
  {
    ignores: ['**/dist/**', 'docs/api/**', '**/.next/**', '**/next-env.d.ts', '**/storybook-static/**', '**/node_modules/**', '**/.turbo/**', 'apps/storybook/public/**', '**/.readme-example-*', '**/bench-results/**'],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // React bindings: the rules of hooks are errors; missing effect dependencies are reported.
    files: ['packages/{react-ui,loader}/**/*.{ts,tsx}', 'apps/**/*.{ts,tsx}', 'examples/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Framework-free cores: no React, no browser globals outside the one defaults file.
    files: ['packages/{kit,money,url-state,core-filter,suggest,analytics,engine}/src/**/*.ts'],
    ignores: ['**/browser-defaults.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-globals': ['error', ...browserGlobals],
      'no-restricted-imports': ['error', { paths: ['react', 'react-dom'], patterns: ['react/*', 'react-dom/*', '@pkg/react-ui'] }],
    },
  },
);
