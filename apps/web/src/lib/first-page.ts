/**
 * The page the tab opened on, as far as preloads care: code fetched "when idle" (the composer,
 * Radix) must not share the network with that page's data and first photos — on slow 4G they
 * did, and /home's largest paint (the first card's photo) waited for them (docs/decisions/024-first-screen-in-the-document.md).
 */
let firstPageWork: Promise<unknown> = Promise.resolve();

/** Set once by the app when it starts the first page's data and code early (app/first-page-data.ts). */
export function setFirstPageWork(work: Promise<unknown>): void {
  firstPageWork = work;
}

/**
 * Runs `task` once the document has loaded (its scripts, styles and first photos), at once if it
 * has. Returns a function that cancels it.
 */
export function afterLoad(task: () => void): () => void {
  if (document.readyState === 'complete') {
    task();
    return () => {};
  }
  window.addEventListener('load', task, { once: true });
  return () => window.removeEventListener('load', task);
}

function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: 5000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 2000);
  return () => window.clearTimeout(id);
}

/** The photos asked for with high priority (the first screen's) that are still loading. */
function firstPhotosLoading(): Promise<unknown> {
  const pending = Array.from(document.images).filter((image) => image.fetchPriority === 'high' && !image.complete);
  return Promise.all(
    pending.map(
      (image) =>
        new Promise((resolve) => {
          image.addEventListener('load', resolve, { once: true });
          image.addEventListener('error', resolve, { once: true });
        }),
    ),
  );
}

/**
 * Runs `task` once the first page has drawn its main content: the document has loaded, the
 * first page's data and code are in (when the app started them early), its high-priority photos
 * have loaded, and then the browser is idle. Returns a function that cancels it.
 */
export function afterFirstPage(task: () => void): () => void {
  let cancelled = false;
  let cancelIdle = () => {};
  new Promise<void>((resolve) => afterLoad(resolve))
    // Read only now: the app sets the first page's work in the same commit that mounts the callers.
    .then(() => firstPageWork)
    .catch(() => {})
    // One frame for the page to draw what arrived (its photos are then in the document).
    .then(() => new Promise((resolve) => window.requestAnimationFrame(resolve)))
    .then(firstPhotosLoading)
    .then(() => {
      if (!cancelled) cancelIdle = whenIdle(task);
    });
  return () => {
    cancelled = true;
    cancelIdle();
  };
}
