import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint, fetchCodeAfterPaint } from './first-paint.ts';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
  document.head.innerHTML = '';
});

/** A drawn root whose opening photo decodes when the test says so. */
function drawnRootWithPhoto() {
  const root = document.createElement('div');
  root.innerHTML = '<article><img src="/media/p.webp" fetchpriority="high" alt=""></article>';
  document.body.append(root);
  const photo = root.querySelector('img') as HTMLImageElement;
  let decoded: () => void = () => undefined;
  photo.decode = () =>
    new Promise<void>((resolve) => {
      decoded = resolve;
    });
  return { root, decode: () => decoded() };
}

/** requestAnimationFrame that runs its callbacks only when the test paints a frame. */
function framesByHand() {
  const callbacks: FrameRequestCallback[] = [];
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => callbacks.push(callback));
  return () => {
    for (const callback of callbacks.splice(0)) callback(0);
  };
}

/** The wait's two frames, each painted once it has been asked for. */
async function paintTwoFrames(paint: () => void) {
  for (const frames of [1, 2]) {
    await vi.waitFor(() => expect(window.requestAnimationFrame).toHaveBeenCalledTimes(frames));
    paint();
  }
}

describe('afterFirstPaint', () => {
  it('waits for the opening photo, then for the frame that paints it to be shown', async () => {
    const { root, decode } = drawnRootWithPhoto();
    const paint = framesByHand();
    let done = false;
    const waiting = afterFirstPaint(root).then(() => {
      done = true;
    });
    // A task later, still waiting: no frame asked for while the photo loads.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(window.requestAnimationFrame).not.toHaveBeenCalled();
    expect(done).toBe(false);
    decode();
    await vi.waitFor(() => expect(window.requestAnimationFrame).toHaveBeenCalledTimes(1));
    expect(done).toBe(false);
    paint();
    await vi.waitFor(() => expect(window.requestAnimationFrame).toHaveBeenCalledTimes(2));
    expect(done).toBe(false);
    paint();
    await waiting;
    expect(done).toBe(true);
  });

  it('waits for the browser to report the first contentful paint', async () => {
    const observers: ((list: { getEntriesByName: (name: string) => unknown[] }) => void)[] = [];
    vi.stubGlobal(
      'PerformanceObserver',
      Object.assign(
        class {
          constructor(callback: (typeof observers)[number]) {
            observers.push(callback);
          }
          observe() {}
          disconnect() {}
        },
        { supportedEntryTypes: ['paint'] },
      ),
    );
    const root = document.createElement('div');
    const paint = framesByHand();
    const waiting = afterFirstPaint(root);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(window.requestAnimationFrame).not.toHaveBeenCalled();
    // A first paint (not yet the contentful one), then the contentful one.
    for (const names of [['first-paint'], ['first-paint', 'first-contentful-paint']])
      for (const observer of observers) observer({ getEntriesByName: (name) => (names.includes(name) ? [{}] : []) });
    await paintTwoFrames(paint);
    await waiting;
  });

  it('does not wait for a photo that cannot be drawn', async () => {
    const { root } = drawnRootWithPhoto();
    const photo = root.querySelector('img') as HTMLImageElement;
    photo.decode = () => Promise.reject(new Error('broken image'));
    const paint = framesByHand();
    const waiting = afterFirstPaint(root);
    await paintTwoFrames(paint);
    await waiting;
  });

  it('waits for no frame in a tab that is not shown', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const frame = vi.spyOn(window, 'requestAnimationFrame');
    await afterFirstPaint(drawnRootWithPhoto().root);
    expect(frame).not.toHaveBeenCalled();
  });
});

describe('fetchCodeAfterPaint', () => {
  it('moves the inert code list into the head, where the browser fetches it', () => {
    document.head.innerHTML =
      '<template id="code-after-paint"><link rel="modulepreload" crossorigin href="/assets/app-1.js"></template>';
    expect(document.head.querySelector('link[rel="modulepreload"]')).toBeNull();
    fetchCodeAfterPaint();
    expect(document.head.querySelector('link[rel="modulepreload"]')?.getAttribute('href')).toBe('/assets/app-1.js');
  });

  it('does nothing on a page without the list', () => {
    fetchCodeAfterPaint();
    expect(document.head.children).toHaveLength(0);
  });
});
