/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

/** Recharts and what only it uses. */
const CHART_LIBRARIES =
  /node_modules[\\/](recharts|victory-vendor|d3-[a-z-]+|internmap|decimal\.js-light|es-toolkit|eventemitter3|tiny-invariant)[\\/]/;

/**
 * Libraries the app needs only on some screens (the receipt's barcode; reading a typed phone, on the customer, staff and
 * supplier forms and the till's customer picker): a chunk of their own, loaded with the first screen that imports them.
 */
const LAZY_LIBRARIES = /node_modules[\\/](bwip-js|libphonenumber-js)[\\/]/;

const contracts = fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url));

/**
 * The till must open with the server unreachable: a service worker keeps the app shell (every built file) and
 * answers page loads with index.html. The data the till needs offline is kept by the app itself in IndexedDB (the
 * catalogue, the reads in offline-reads.ts, the queued sales), not by the worker. A new build replaces the worker on
 * the next load (no prompt: a till must not go on running an old version beside a new server).
 */
const pwa = VitePWA({
  registerType: 'autoUpdate',
  injectRegister: 'script-defer',
  // public/manifest.webmanifest: the gateway serves it named after the shop, so it is neither generated here nor
  // kept by the worker.
  manifest: false,
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
    navigateFallback: '/index.html',
    // The API, the API's documents and the health checks are never answered with the app's page.
    navigateFallbackDenylist: [/^\/(api|internal|health)(\/|$)/],
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    skipWaiting: true,
  },
});

export default defineConfig({
  plugins: [react(), pwa],
  resolve: {
    alias: { '@dukan/contracts': contracts },
  },
  server: {
    port: 3000,
    proxy: { '/api': { target: 'http://localhost:5000', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    // The till is a lazily loaded route: the entry holds only the shell, sign-in and shared UI.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // libs/contracts is pure data and functions: modules of it the app does not use (server texts, the
      // route table, event types) are left out instead of being kept for their top-level freezes.
      treeshake: { moduleSideEffects: (id: string) => !id.includes('/libs/contracts/src/') },
      output: {
        // Charts (the dashboard, reports) in a chunk of their own: the till neither loads nor runs them. The vendor
        // group goes first so the libraries charts share with the rest (React, Redux) stay in it.
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: (id: string) => id.includes('node_modules') && !CHART_LIBRARIES.test(id) && !LAZY_LIBRARIES.test(id),
              priority: 2,
            },
            { name: 'charts', test: CHART_LIBRARIES, priority: 1 },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    // One jsdom per worker, each file in its own VM context: isolated as before, at a quarter of the CPU (creating
    // jsdom for each of the 58 files was half of vitest's time; 144 CPU-s became 32).
    pool: 'vmThreads',
    include: ['src/**/*.spec.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
    // npm test runs these beside jest on two cores: a screen may wait its turn well past vitest's 5 s default.
    testTimeout: 30_000,
  },
});
