import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';

import { APP_ROUTES } from './src/app/app-routes.ts';

/** Writes the app's route list for the server, which answers 404 for any other path. */
const appRoutesManifest = (): Plugin => ({
  name: 'app-routes-manifest',
  apply: 'build',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: 'app-routes.json', source: JSON.stringify(APP_ROUTES) });
  },
});

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    tailwindcss(),
    appRoutesManifest(),
    // Brotli and gzip copies at their highest levels, which the server sends to browsers that accept them.
    compression({ include: /\.(html|css|js|svg|txt)$/, threshold: 1024, algorithms: ['gzip', 'brotliCompress'] }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Written for reading a stack trace on the server, never referenced from the bundle or served.
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 900,
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/health': 'http://127.0.0.1:3000' },
    fs: { allow: ['..'] },
  },
});
