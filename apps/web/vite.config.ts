import { cpSync, createReadStream, existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
// The dev server forwards API and sign-in calls to the Fastify server (override with GEWST_API_URL).
const backend = process.env.GEWST_API_URL ?? 'http://localhost:3000';

/**
 * pdf.js needs its character maps, standard fonts and wasm decoders at run time. They are
 * served from the app's own origin under /pdfjs/ (copied into dist on build, served from
 * node_modules in dev) — nothing is fetched from a CDN.
 */
function pdfjsAssets(): Plugin {
  const PUBLIC_BASE = '/pdfjs/';
  const FOLDERS = ['cmaps', 'standard_fonts', 'wasm'];
  const pdfjsDir = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  let outDir = path.join(root, 'dist');
  return {
    name: 'gewst-pdfjs-assets',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    configureServer(server) {
      server.middlewares.use(PUBLIC_BASE, (req, res, next) => {
        const rel = decodeURIComponent((req.url ?? '').split('?')[0] ?? '').replace(/^\/+/, '');
        const file = path.join(pdfjsDir, rel);
        const top = rel.split('/')[0] ?? '';
        if (
          !FOLDERS.includes(top) ||
          !file.startsWith(pdfjsDir) ||
          !existsSync(file) ||
          !statSync(file).isFile()
        )
          return next();
        if (file.endsWith('.wasm')) res.setHeader('Content-Type', 'application/wasm');
        createReadStream(file).pipe(res);
      });
    },
    writeBundle() {
      for (const folder of FOLDERS) {
        cpSync(path.join(pdfjsDir, folder), path.join(outDir, 'pdfjs', folder), { recursive: true });
      }
    },
  };
}

export default defineConfig({
  root,
  base: '/',
  plugins: [react(), pdfjsAssets()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/idp': { target: backend, changeOrigin: false },
    },
  },
});
