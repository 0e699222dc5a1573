import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { brandLoadingColours } from './build-plugins/brand-loading-colours.ts';
import { compileHints } from './build-plugins/compile-hints.ts';
import { firstScreensGroup } from './build-plugins/first-screens-chunk.ts';
import { inlineEntryStyles } from './build-plugins/inline-entry-styles.ts';
import { reactRouterProduction } from './build-plugins/react-router-production.ts';
import { zodWithoutJsonSchema } from './build-plugins/zod-without-json-schema.ts';

// In production the API serves dist/ from the same origin; in development these paths go to it.
const API_ORIGIN = process.env.RIDERDESK_API_ORIGIN ?? 'http://localhost:8080';
const proxiedPaths = ['/api', '/translations', '/fwfFallback.json', '/live', '/dev'];

// The pages a visitor without a session lands on: what they share with other pages is one file.
const firstScreens = ['landing-route.tsx', 'public-order-route.tsx'].map((page) =>
  fileURLToPath(new URL(`./src/app/pages/${page}`, import.meta.url)),
);

export default defineConfig({
  plugins: [
    react(),
    zodWithoutJsonSchema(),
    reactRouterProduction(),
    compileHints(),
    brandLoadingColours(),
    inlineEntryStyles(),
  ],
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      proxiedPaths.map((path) => [path, { target: API_ORIGIN, changeOrigin: true, ws: path === '/live' }]),
    ),
  },
  build: {
    outDir: 'dist',
    // Maps are still written for error reporting, but the served bundles do not point browsers to them.
    sourcemap: 'hidden',
    // dist/.vite/manifest.json: the outdated-build check compares it with the scripts a page loaded.
    manifest: true,
    // The vendor chunk is React DOM, React Router, Mantine, TanStack Query, i18next and zod, ~700 kB
    // minified; bench/bundle-size.ts tracks it.
    chunkSizeWarningLimit: 750,
    // The shell (the entry's static imports) becomes the libraries (their hash survives a deploy that changes
    // only our code) plus our code in the entry; modules shared by pages are grouped by the exact set of pages
    // using them, so a page loads only code it uses. Merging small groups (a threshold of 30 kB) once saved
    // requests, but a merged group drags its neighbours' imports along: the login page came to load the
    // phone-number metadata and the address search (326 kB gzip instead of 258). Fingerprinted assets are
    // not counted by the per-IP rate limit, so the extra files cost no budget. Measured by bench/bundle-size.ts.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'vendor', tags: ['$initial'], test: /[\\/]node_modules[\\/]/, priority: 3 },
            { name: 'shell', tags: ['$initial'], priority: 2 },
            firstScreensGroup(firstScreens, 1),
            { name: 'common', minShareCount: 2, entriesAware: true, entriesAwareMergeThreshold: 0 },
          ],
        },
        // Grouped chunks are named after every page that shares them; the hash is enough.
        chunkFileNames: (chunk) =>
          chunk.name.startsWith('common') ? 'assets/common-[hash].js' : 'assets/[name]-[hash].js',
      },
    },
  },
  test: {
    name: '@riderdesk/web',
    environment: 'jsdom',
    setupFiles: ['../../testing/closed-hours-clock.ts', './test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'build-plugins/**/*.test.ts'],
    css: false,
    // Typing into forms with user-event is slow on a loaded machine; the 5 s default cut such tests short.
    testTimeout: 20_000,
  },
});
