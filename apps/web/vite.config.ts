import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { entryBudget } from './build/entry-budget.ts';

/**
 * Gzip KB of JavaScript a first visit loads before the first paint (index.html's script and its
 * modulepreloads); the build fails above it. Today's entry is 138.7 KB (React, react-dom and the
 * router alone are 99.6 KB); the budget is that plus 3 KB. Issue 13 asks for 120 KB, which
 * needs a smaller React or router: see docs/perf/README.md 'Entry JavaScript' and decision 022.
 */
const ENTRY_BUDGET_KB = 142;

export default defineConfig({
  plugins: [react(), entryBudget({ budgetKb: ENTRY_BUDGET_KB })],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // Radix's scroll lock injects <style> elements, which the production CSP (style-src 'self')
      // refuses; this drop-in adopts constructed stylesheets instead (see the module's comment).
      'react-style-singleton': fileURLToPath(new URL('./src/lib/csp-style-singleton.ts', import.meta.url)),
    },
  },
  server: {
    port: 5173,
    // Keep the Host header: the API picks the campus from it (ut.localhost:5173 → UT).
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
    allowedHosts: ['.localhost'],
  },
  preview: { port: 4173, proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: the server preloads a page's route chunks with the document
    // (apps/server/src/plugins/first-screen.ts).
    manifest: true,
    rollupOptions: {
      output: {
        // Dozens of sub-KB chunks (icons, hooks) each cost a request: on HTTP/1.1's six
        // connections the first page's data and photo queued behind them (issue 13 item 4).
        // Chunks under 1.5 KB merge into a neighbour (127 → 91 files, the entry +0.5 KB gzip;
        // at 3 KB the entry grew 1.9 KB, to the edge of its budget).
        experimentalMinChunkSize: 1_500,
        // React and the router change rarely: their own chunk stays cached across app releases.
        manualChunks(id) {
          if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react';
          return undefined;
        },
      },
    },
  },
});
