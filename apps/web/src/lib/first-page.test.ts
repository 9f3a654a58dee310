import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPage, setFirstPageWork } from './first-page.ts';

// The browser's scheduling, run at once: what is tested is what the task waits for.
beforeEach(() => {
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    callback(0);
    return 1;
  });
  vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => {
    callback({ didTimeout: false, timeRemaining: () => 50 });
    return 1;
  });
  vi.stubGlobal('cancelIdleCallback', () => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  setFirstPageWork(Promise.resolve());
});

function deferred() {
  let resolve = () => {};
  let reject = (_error: unknown) => {};
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('afterFirstPage', () => {
  it("waits for the first page's data and code before running the preload", async () => {
    const work = deferred();
    setFirstPageWork(work.promise);
    const task = vi.fn();
    afterFirstPage(task);
    await settle();
    expect(task).not.toHaveBeenCalled();
    work.resolve();
    await vi.waitFor(() => expect(task).toHaveBeenCalledTimes(1));
  });

  it('still runs it when that work failed (a chunk that did not download)', async () => {
    const work = deferred();
    setFirstPageWork(work.promise);
    const task = vi.fn();
    afterFirstPage(task);
    work.reject(new Error('offline'));
    await vi.waitFor(() => expect(task).toHaveBeenCalledTimes(1));
  });

  it('runs nothing once cancelled (the caller unmounted)', async () => {
    const work = deferred();
    setFirstPageWork(work.promise);
    const task = vi.fn();
    const cancel = afterFirstPage(task);
    cancel();
    work.resolve();
    await settle();
    await settle();
    expect(task).not.toHaveBeenCalled();
  });
});
