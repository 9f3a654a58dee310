import { describe, expect, it } from 'vitest';
import { codeAfterFirstPaint, documentParts } from './document.ts';

const BUILT = `<!doctype html><html><head><!--app-head-->
<link rel="manifest" href="/manifest.webmanifest" />
<script type="module" crossorigin src="/assets/index-a1.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react-b2.js">
<link rel="stylesheet" crossorigin href="/assets/style-c3.css">
</head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>`;

describe('the document', () => {
  it('takes the entry script and its preloads out of the head, keeping the stylesheet', () => {
    const parts = documentParts(BUILT);
    expect(parts.code).toEqual(['/assets/index-a1.js', '/assets/react-b2.js']);
    const html = parts.beforeHead + parts.beforeApp + parts.afterApp;
    expect(html).not.toContain('<script');
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/style-c3.css">');
  });

  it('asks for the code from one inline script carrying the nonce, the entry apart from its preloads', () => {
    const loader = codeAfterFirstPaint(
      ['/assets/index-a1.js', '/assets/react-b2.js', '/assets/page-home-d4.js'],
      'n0nce',
    );
    expect(loader).toMatch(/^<script nonce="n0nce">/);
    expect(loader).toContain('("/assets/index-a1.js",["/assets/react-b2.js","/assets/page-home-d4.js"])');
    // The photo the largest paint waits for, and a cap for one that never arrives.
    expect(loader).toContain('img[fetchpriority=high]');
    expect(loader).toContain('setTimeout(go,3000)');
  });

  it('runs the loader: the preloads, then the entry as a module script, after the first paint', () => {
    document.head.innerHTML = '';
    document.body.innerHTML = '<div id="root"><p>No photo here</p></div>';
    const loader = codeAfterFirstPaint(['/assets/index-a1.js', '/assets/react-b2.js'], 'n');
    const source = /<script nonce="n">([\s\S]*)<\/script>/.exec(loader)?.[1] ?? '';
    const frames: FrameRequestCallback[] = [];
    const timers: (() => void)[] = [];
    new Function('requestAnimationFrame', 'setTimeout', source)(
      (callback: FrameRequestCallback) => frames.push(callback),
      (callback: () => void) => timers.push(callback),
    );
    expect(document.head.children).toHaveLength(0);
    // Without a photo: after the first paint (a frame, then a task).
    for (const frame of frames) frame(0);
    timers[timers.length - 1]?.();
    const added = [...document.head.children].map(
      (e) => `${e.tagName} ${e.getAttribute('href') ?? e.getAttribute('src')}`,
    );
    expect(added).toEqual(['LINK /assets/react-b2.js', 'SCRIPT /assets/index-a1.js']);
    expect(document.head.querySelector('script')?.getAttribute('type')).toBe('module');
  });

  it('waits for every first photo, loaded or failed, before the code', () => {
    document.head.innerHTML = '';
    document.body.innerHTML =
      '<div id="root"><img fetchpriority="high" src="/a.webp"><img fetchpriority="high" src="/b.webp"><img src="/c.webp"></div>';
    const source =
      /<script nonce="n">([\s\S]*)<\/script>/.exec(codeAfterFirstPaint(['/assets/index-a1.js'], 'n'))?.[1] ?? '';
    const frames: FrameRequestCallback[] = [];
    const timers: (() => void)[] = [];
    new Function('requestAnimationFrame', 'setTimeout', source)(
      (callback: FrameRequestCallback) => frames.push(callback),
      (callback: () => void) => timers.push(callback),
    );
    const [first, second] = [...document.querySelectorAll('img')];
    first?.dispatchEvent(new Event('load'));
    expect(frames).toHaveLength(0);
    second?.dispatchEvent(new Event('error'));
    expect(frames).toHaveLength(1);
    frames[0]?.(0);
    timers[timers.length - 1]?.();
    expect(document.head.querySelector('script')?.getAttribute('src')).toBe('/assets/index-a1.js');
  });

  it('writes no loader without an entry (a template without one)', () => {
    expect(codeAfterFirstPaint([], 'n')).toBe('');
  });
});
