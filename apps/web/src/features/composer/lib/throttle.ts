/**
 * Lets an action through at most once per `intervalMs`: the first call runs at once, the
 * calls within the interval after it are dropped. The 'Error: Too many characters!' alert
 * uses it (docs/product/community.md#post-text-limit: shown at most once per 3 s however long someone keeps typing).
 */
export function createThrottle(intervalMs: number, now: () => number = Date.now): (action: () => void) => boolean {
  let last = Number.NEGATIVE_INFINITY;
  return (action) => {
    const time = now();
    if (time - last < intervalMs) return false;
    last = time;
    action();
    return true;
  };
}
