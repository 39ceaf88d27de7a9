import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Built into dist/, served under /insights/ by the engine server (and the demo shop).
export default defineConfig({
  base: '/insights/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
});
