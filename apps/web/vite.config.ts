import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { entryBudget } from './build/entry-budget.ts';
import { preactAliases } from './build/preact-alias.ts';

/**
 * Gzip KB of JavaScript a first visit loads before the first paint (index.html's script and its
 * modulepreloads); the build fails above it. Issue 13's target. Today's entry is 81.5 KB: the
 * renderer is Preact 10 through preact/compat (decision 023; react-dom alone was 63.4 KB), the
 * router 32 KB, the app's shell about 40 KB. See docs/perf/README.md 'Entry JavaScript'.
 */
const ENTRY_BUDGET_KB = 120;

export default defineConfig(({ isSsrBuild }) => ({
  // No @vitejs/plugin-react: its Fast Refresh talks to react-dom, which is not here (Preact
  // renders, decision 023), so an edited component was not redrawn at all; without it Vite
  // reloads the page. The JSX transform is Vite's own (tsconfig: "jsx": "react-jsx").
  plugins: [entryBudget({ budgetKb: ENTRY_BUDGET_KB })],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // Radix's scroll lock injects <style> elements, which the production CSP (style-src 'self')
      // refuses; this drop-in adopts constructed stylesheets instead (see the module's comment).
      {
        find: 'react-style-singleton',
        replacement: fileURLToPath(new URL('./src/lib/csp-style-singleton.ts', import.meta.url)),
      },
      ...preactAliases,
    ],
  },
  server: {
    port: 5173,
    // Keep the Host header: the API picks the campus from it (ut.localhost:5173 → UT).
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
    allowedHosts: ['.localhost'],
  },
  preview: { port: 4173, proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } } },
  // The server's render of first screens (src/entry-server.tsx, decision 026) is one file with
  // every library in it: left external, Node would load the real react packages, not Preact.
  ssr: { noExternal: true },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: the server preloads a page's route chunks with the document
    // (apps/server/src/plugins/first-screen.ts).
    manifest: !isSsrBuild,
    // One stylesheet for the whole app (18 KB gzip, against 6 KB for the entry's part alone): a
    // page the server drew needs every style of its route before its first paint, and on slow
    // 4G ten small stylesheets cost more round trips than the 12 KB (decision 026). Later
    // pages then never wait for styles either.
    cssCodeSplit: false,
    // The server's render (`--ssr`) is not served: it needs no copy of public/.
    copyPublicDir: !isSsrBuild,
    rollupOptions: {
      // Libraries mark their modules "use client" for React server components, which this
      // browser-only build has none of (@vitejs/plugin-react used to silence the same warning).
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('"use client"')) return;
        warn(warning);
      },
      output: {
        // Dozens of sub-KB chunks (icons, hooks) each cost a request: on HTTP/1.1's six
        // connections the first page's data and photo queued behind them (issue 13 item 4).
        // Chunks under 1.5 KB merge into a neighbour (127 → 91 files, the entry +0.5 KB gzip;
        // at 3 KB the entry grew 1.9 KB, to the edge of its budget).
        experimentalMinChunkSize: 1_500,
        // The renderer (Preact, standing in for React and react-dom) and the router change
        // rarely: their own chunk stays cached across app releases.
        manualChunks(id) {
          if (/node_modules\/(preact|react-router)\//.test(id)) return 'react';
          return undefined;
        },
      },
    },
  },
}));
