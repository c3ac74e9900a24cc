import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';

const serverPort = Number(process.env.PORT ?? 3000);

/**
 * `vite build --ssr`: the server's entry that pre-renders the public pages
 * (client/entry-server.tsx). It goes into a dot-folder of the client build,
 * which the server never serves, and carries React inside it, so the
 * production image needs no React among its dependencies.
 */
const serverEntryBuild: UserConfig = {
  build: {
    outDir: '../dist/client/.ssr',
    emptyOutDir: true,
    copyPublicDir: false,
    sourcemap: false,
    rollupOptions: { input: 'entry-server.tsx' },
  },
  ssr: { noExternal: true, target: 'node' },
  // The bundled React is the production build whatever NODE_ENV the server runs under, as in the browser.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
};

export default defineConfig(({ isSsrBuild }) => ({
  root: 'client',
  publicDir: 'public',
  plugins: [react()],
  ...(isSsrBuild
    ? serverEntryBuild
    : {
        build: {
          outDir: '../dist/client',
          emptyOutDir: true,
          // Read by the server to name a deep link's chunks and stylesheets in index.html (server/web-app/route-preloads.ts).
          manifest: true,
          // Every browser we serve preloads modules itself (decision 027): the polyfill would be dead weight on the landing page.
          modulePreload: { polyfill: false },
          sourcemap: false,
          // The public site's own stylesheet and video script (server/public-site/read-site-assets.ts): separate entries, never the React app.
          rollupOptions: {
            input: {
              index: 'client/index.html',
              site: 'client/site/site.ts',
              talk: 'client/site/talk.ts',
              'site-style': 'client/site/site.css',
              // A published design's theme (server/rendering/design/): sections, type and its own font files, linked only on its sites.
              ...Object.fromEntries(['classic', 'studio', 'editorial', 'bold'].map((theme) => [`theme-${theme}`, `client/site/themes/${theme}.css`])),
            },
          },
        },
      }),
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${serverPort}`, '/healthz': `http://127.0.0.1:${serverPort}` },
  },
}));
