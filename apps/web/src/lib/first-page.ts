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

/**
 * Resolves in a new task, so the main thread can paint or answer a tap in between: the start-up
 * steps of a drawn page (decision 045) each take a task of their own instead of one long one.
 * `scheduler.yield()` where the browser has it (its continuation runs before other queued tasks),
 * a zero timeout elsewhere.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
