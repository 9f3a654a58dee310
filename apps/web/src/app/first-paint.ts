/**
 * The longest a drawn page's code waits for its opening photo. On a network so slow that the
 * photo takes longer, the page is made to work first.
 */
const PHOTO_WAIT_MS = 1500;

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
  if (photo) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, PHOTO_WAIT_MS);
    });
    // decode() settles once the photo has loaded and can be drawn (rejects when it cannot be).
    await Promise.race([photo.decode().catch(() => undefined), late]);
    clearTimeout(timer);
  }
  // The next frame paints what is loaded; a task queued in it runs after that paint.
  await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
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
