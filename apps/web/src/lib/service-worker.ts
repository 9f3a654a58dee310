/**
 * Registers the site's service worker (/sw.js, built from apps/web/sw/sw.ts; decision 041):
 * loaded by start.tsx once the first page is drawn, never part of the entry JavaScript. Only in
 * the production build: under the Vite dev server there is no /sw.js.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  try {
    await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  } catch {
    // No worker (private mode, an old browser): the site works as before, without offline or push.
  }
}
