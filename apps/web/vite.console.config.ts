import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { brandLoadingColours } from './build-plugins/brand-loading-colours.ts';
import { reactRouterProduction } from './build-plugins/react-router-production.ts';
import { zodWithoutJsonSchema } from './build-plugins/zod-without-json-schema.ts';

/**
 * The operator console's own build (decision 171): console/index.html and src/console-main.tsx, written to
 * dist/console/ and served at /console. A build of its own, not a second entry of the merchants' build: a second
 * entry regroups the chunks the two share, so the merchants' files would change; apart, not a byte of them does
 * (bench/bundle-size.ts reads the merchants' build alone). The console loads its own copy of the libraries.
 */
const API_ORIGIN = process.env.RIDERDESK_API_ORIGIN ?? 'http://localhost:8080';
const proxiedPaths = ['/api', '/translations', '/dev'];

export default defineConfig({
  root: fileURLToPath(new URL('./console', import.meta.url)),
  base: '/console/',
  // The favicon and the fonts are the merchants' build's, at the same addresses.
  publicDir: false,
  plugins: [react(), zodWithoutJsonSchema(), reactRouterProduction(), brandLoadingColours()],
  server: {
    port: 5174,
    proxy: Object.fromEntries(proxiedPaths.map((path) => [path, { target: API_ORIGIN, changeOrigin: true }])),
  },
  build: {
    outDir: fileURLToPath(new URL('./dist/console', import.meta.url)),
    emptyOutDir: true,
    sourcemap: 'hidden',
    manifest: true,
    chunkSizeWarningLimit: 750,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'vendor', tags: ['$initial'], test: /[\\/]node_modules[\\/]/, priority: 2 },
            { name: 'common', minShareCount: 2, entriesAware: true, entriesAwareMergeThreshold: 0 },
          ],
        },
        chunkFileNames: (chunk) =>
          chunk.name.startsWith('common') ? 'assets/common-[hash].js' : 'assets/[name]-[hash].js',
      },
    },
  },
});
