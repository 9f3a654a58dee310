import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { entryBudget } from './build/entry-budget.ts';
import { landingChunks, PLAN_MODE } from './build/landing-chunks.ts';
import { serviceWorker } from './build/service-worker.ts';

/**
 * Gzip KB of JavaScript a first visit loads before the first paint (index.html's script and its
 * modulepreloads); the build fails above it. docs/decisions/029-react-19.md's ceiling, react-dom included (decision
 * 028). See docs/perf/README.md 'Entry JavaScript on React 19'.
 */
const ENTRY_BUDGET_KB = 145;

/**
 * The renderer (react, react-dom, scheduler) and the router change rarely: their own chunk stays
 * cached across app releases.
 */
function rendererChunk(id: string): string | undefined {
  return /node_modules\/(react|react-dom|scheduler|react-router)\//.test(id) ? 'react' : undefined;
}

export default defineConfig(({ isSsrBuild, mode }) => {
  const chunks = landingChunks(mode);
  return {
    // React's JSX transform and, under `vite` (npm run dev:web), Fast Refresh: an edited component
    // is redrawn in place and keeps its state.
    plugins: [
      react(),
      entryBudget({ budgetKb: ENTRY_BUDGET_KB }),
      // dist/sw.js: push, the offline page and the app shell (decision 041).
      serviceWorker({ source: fileURLToPath(new URL('./sw/sw.ts', import.meta.url)) }),
      // The plan build's record of Rollup's chunks (build/landing-chunks.ts).
      chunks.plugin,
    ],
    resolve: {
      alias: [
        { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
        // Radix's scroll lock injects <style> elements, which the production CSP (style-src 'self')
        // refuses; this drop-in adopts constructed stylesheets instead (see the module's comment).
        {
          find: 'react-style-singleton',
          replacement: fileURLToPath(new URL('./src/lib/csp-style-singleton.ts', import.meta.url)),
        },
      ],
    },
    server: {
      port: 5173,
      // Keep the Host header: the API picks the campus from it (ut.localhost:5173 → UT).
      proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
      allowedHosts: ['.localhost'],
    },
    preview: { port: 4173, proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } } },
    // The server's render of pages (src/entry-server.tsx, decision 031) is one file with
    // every library in it, so the app's server imports it without resolving the web app's packages.
    ssr: { noExternal: true },
    // React's production build in the server's render too, as in the browser's: its libraries pick
    // a build by process.env.NODE_ENV at run time, which the app's server sets to 'development'
    // for demos and the end-to-end suite.
    define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // Which chunks each source module needs (dist/.vite/manifest.json): the server's render asks
      // for a page's route code in its document (entry-server.tsx). Dot folders are never served.
      manifest: !isSsrBuild,
      // One stylesheet for the whole app (18 KB gzip, against 6 KB for the entry's part alone): a
      // page the server drew needs every style of its route before its first paint, and on slow
      // 4G ten small stylesheets cost more round trips than the 12 KB (decisions 026, 031). Later
      // pages then never wait for styles either.
      cssCodeSplit: false,
      // The server's render (`--ssr`) is not served: it needs no copy of public/.
      copyPublicDir: !isSsrBuild,
      // The plan build only records Rollup's chunks (build/landing-chunks.ts).
      write: mode !== PLAN_MODE,
      rollupOptions: {
        output: {
          // Dozens of sub-KB chunks (icons, hooks) each cost a request: on HTTP/1.1's six
          // connections the first page's data and photo queued behind them (docs/decisions/024-first-screen-in-the-document.md).
          // Chunks under 1.5 KB merge into a neighbour (127 → 91 files, the entry +0.5 KB gzip;
          // at 3 KB the entry grew 1.9 KB, to the edge of its budget).
          experimentalMinChunkSize: 1_500,
          // The plan is the browser build's; the server's render keeps Rollup's own split.
          manualChunks: (!isSsrBuild && chunks.manualChunks) || rendererChunk,
          // Following the plan, every chunk is named and Rollup moves nothing between them.
          onlyExplicitManualChunks: !isSsrBuild && chunks.manualChunks !== undefined,
        },
      },
    },
  };
});
