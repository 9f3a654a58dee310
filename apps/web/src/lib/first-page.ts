/**
 * Runs `task` once the document has loaded (its scripts, styles and first photos), at once if it
 * has. Returns a function that cancels it. Work that must not share the network with the page
 * the tab opened on waits for this (the live events stream, lib/events.ts).
 */
export function afterLoad(task: () => void): () => void {
  if (document.readyState === 'complete') {
    task();
    return () => {};
  }
  window.addEventListener('load', task, { once: true });
  return () => window.removeEventListener('load', task);
}
