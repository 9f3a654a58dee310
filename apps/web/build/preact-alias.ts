import type { Alias } from 'vite';

/**
 * React code, Preact renderer (decision 023): every import of React and react-dom resolves to
 * preact/compat, which implements the React 18 API on Preact 10 (9.5 KB gzip with its core and
 * hooks, where react-dom alone was 63). The types stay React's (@types/react), so the code is written and checked as React code.
 * Exact matches only: `react-dom/client` must not become `preact/compat/client/…` by prefix.
 * Shared by vite.config.ts and the web project of vitest.config.ts, so tests run what ships.
 */
export const preactAliases: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
];
