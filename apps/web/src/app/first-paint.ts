/**
 * The longest a drawn page's code waits for its first paint and opening photo. On a network so
 * slow that the photo takes longer, the page is made to work first.
 */
const PAINT_WAIT_MS = 1500;

/**
 * Resolves once the page the server drew has been painted, its opening photo (the
 * `fetchpriority="high"` image, the page's largest paint) included. A drawn page needs no
 * JavaScript to be seen, so its code is asked for only after this (main.tsx, decision 027):
 * on a slow network the stylesheet and the photo then get the bandwidth the code would take.
 */
export async function afterFirstPaint(root: HTMLElement): Promise<void> {
  // A page opened in a background tab paints nothing until it is shown: no reason to wait.
  if (document.visibilityState === 'hidden') return;
  const photo = root.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, PAINT_WAIT_MS);
  });
  await Promise.race([
    // decode() settles once the photo has loaded and can be drawn (rejects when it cannot be).
    Promise.all([photo?.decode().catch(() => undefined), firstContentfulPaint()]),
    late,
  ]);
  clearTimeout(timer);
  // The photo is drawn in the next frame; the frame after that starts once it has been shown.
  await nextFrame();
  await nextFrame();
}

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/** Resolves when the browser reports the page's first contentful paint (at once where it cannot). */
function firstContentfulPaint(): Promise<void> {
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint'))
    return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
}

/**
 * The drawn page's code, which the server lists in `<template id="code-after-paint">` as
 * modulepreloads (apps/server/src/plugins/first-screen.ts): inert until moved into the head,
 * where the browser then fetches it all at once, without waiting for one module to name the next.
 */
export function fetchCodeAfterPaint(): void {
  const template = document.getElementById('code-after-paint');
  if (template instanceof HTMLTemplateElement) document.head.append(template.content);
}
