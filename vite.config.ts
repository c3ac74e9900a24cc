import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const serverPort = Number(process.env.PORT ?? 3000);

export default defineConfig({
  root: 'client',
  publicDir: 'public',
  plugins: [react()],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    // Read by the server to name a deep link's chunks in index.html (server/http/route-preloads.ts).
    manifest: true,
    // Every browser we serve preloads modules itself (decision 027): the polyfill would be dead weight on the landing page.
    modulePreload: { polyfill: false },
    sourcemap: false,
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${serverPort}`, '/healthz': `http://127.0.0.1:${serverPort}` },
  },
});
