import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// In production the API serves dist/ from the same origin; in development these paths go to it.
const API_ORIGIN = process.env.RIDERDESK_API_ORIGIN ?? 'http://localhost:8080';
const proxiedPaths = ['/api', '/translations', '/fwfFallback.json', '/live', '/dev'];

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      proxiedPaths.map((path) => [path, { target: API_ORIGIN, changeOrigin: true, ws: path === '/live' }]),
    ),
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
  },
  test: {
    name: '@riderdesk/web',
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
  },
});
