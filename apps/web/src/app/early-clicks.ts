/**
 * A drawn page's buttons and links are on screen before they work: a click between the entry
 * running and the hydration (the app's code and the page's data still loading) would do
 * nothing, or leave the app for a full page load. Such clicks are held, and clicked again on
 * the same element once it is live (hydration keeps the server's elements).
 */
export function holdEarlyClicks(element: HTMLElement) {
  const held: HTMLElement[] = [];
  const hold = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target.closest<HTMLElement>('a[href], button') : null;
    if (!target) return;
    event.preventDefault();
    event.stopPropagation();
    held.push(target);
  };
  element.addEventListener('click', hold, true);
  const stop = () => element.removeEventListener('click', hold, true);
  return {
    replay() {
      stop();
      for (const target of held) if (target.isConnected) target.click();
    },
    drop: stop,
  };
}

export type EarlyClicks = ReturnType<typeof holdEarlyClicks>;
