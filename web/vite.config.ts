import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const API_ORIGIN = 'http://localhost:3000';
const DOMAIN_SOURCE = fileURLToPath(new URL('../libs/domain/src/', import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: {
    // Forms validate with the same schemas and messages the API uses.
    alias: { '@skillers/domain': fileURLToPath(new URL('../libs/domain/src/index.ts', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: {
        // The domain library only declares things, so a screen bundles just the schemas and texts it
        // uses, not every vocabulary behind the barrel export.
        moduleSideEffects: (id) => (id.startsWith(DOMAIN_SOURCE) ? false : undefined),
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: API_ORIGIN, changeOrigin: true },
      // The API refuses chat sockets from another origin, so the proxy presents the API's own.
      '/socket.io': { target: API_ORIGIN, ws: true, changeOrigin: true, headers: { origin: API_ORIGIN } },
    },
  },
});
