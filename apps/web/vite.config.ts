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
    rollupOptions: {
      output: {
        // React and the router change rarely: their own chunk stays cached across app releases.
        manualChunks(id) {
          if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react';
          return undefined;
        },
      },
    },
  },
});
