import { ALL_CATEGORY, categoryByValue, type FeedPage, type PostMedia, type PostPage } from '@campus/contract';

/**
 * The first screen in the document (issue 13 item 4, decision 024). A client-rendered page
 * otherwise waits in a chain: document → entry JavaScript → `/api/campus` + `/api/me` → the
 * route's code → the page's read → its first photo. The server knows all of that when it
 * answers the document, so it writes it in:
 *
 * - the answers of the page's first reads (`/api/campus`, `/api/me`, a member's unread counts,
 *   and for `/home` and `/post/{id}` the feed page or the post), each exactly as the API would answer this
 *   request, in a JSON data block the web app's `api-client` takes them from (once each);
 * - a high-priority preload of the photo the page opens with;
 * - modulepreloads of the app's and the route's code, so it downloads alongside the entry; on a
 *   page the server drew, after its first paint.
 *
 * Nothing here decides who may see what: every answer comes from the API's own route, called
 * with this request's cookie and host (`inject`), and only 200 answers are written in.
 */

/** A page the server can start: the API reads it opens with, and the web modules it runs. */
export interface FirstScreenPlan {
  reads: string[];
  /** The server draws the page as HTML when every read answered (a member's feed or post). */
  drawn: boolean;
  /** Source modules (keys of Vite's manifest) whose chunks the page needs first. */
  modules: string[];
  /** The photo the page opens with, from the answers (JSON text by address). */
  photoOf: (answers: ReadonlyMap<string, string>) => string | undefined;
}

/** What every page of the shell reads first: the site, the viewer, a member's badges. */
const SHELL_READS = ['/api/campus', '/api/me', '/api/unread-counts'];

/** How many feed cards are on screen when /home opens (`FIRST_SCREEN_CARDS` in home-feed.tsx). */
const FIRST_SCREEN_CARDS = 2;

function firstImage(media: PostMedia[] | undefined, size: 'url' | 'fullUrl'): string | undefined {
  const item = media?.[0];
  return item?.kind === 'image' ? item[size] : undefined;
}

/** What the page at `url` (path and query of a document request) starts with. */
export function firstScreenPlan(url: string): FirstScreenPlan {
  const { pathname, searchParams } = new URL(url, 'http://document.invalid');
  if (pathname === '/home') {
    // The same address the web app's feed query builds (get-feed.ts: `category` only when it is one).
    const category = searchParams.get('category');
    const named = category && category !== ALL_CATEGORY.value && categoryByValue(category);
    const feed = named ? `/api/posts?${new URLSearchParams({ category })}` : '/api/posts';
    return {
      reads: [...SHELL_READS, feed],
      drawn: true,
      modules: ['src/app/routes/home.tsx', 'src/features/posts/components/home-feed.tsx'],
      photoOf: (answers) => {
        const page = parsed<FeedPage>(answers.get(feed));
        return page?.posts
          .slice(0, FIRST_SCREEN_CARDS)
          .map((post) => firstImage(post.media, 'url'))
          .find(Boolean);
      },
    };
  }
  const postId = /^\/post\/([^/]+)$/.exec(pathname)?.[1];
  const decoded = postId === undefined ? undefined : safeDecode(postId);
  if (decoded) {
    // get-post.ts asks for `/api/posts/${encodeURIComponent(postId)}` with the router's decoded id.
    const read = `/api/posts/${encodeURIComponent(decoded)}`;
    return {
      reads: [...SHELL_READS, read],
      drawn: true,
      modules: ['src/app/routes/post.tsx'],
      photoOf: (answers) => firstImage(parsed<PostPage>(answers.get(read))?.post.media, 'fullUrl'),
    };
  }
  return { reads: SHELL_READS, drawn: false, modules: [], photoOf: () => undefined };
}

/** An answer's body, for the one field the plan reads from it. */
export function parsed<T>(json: string | undefined): T | undefined {
  return json === undefined ? undefined : (JSON.parse(json) as T);
}

function safeDecode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * Vite's build manifest (`build.manifest`): source module (or shared chunk) → its chunk, static
 * and dynamic imports and CSS.
 */
export type ViteManifest = Record<
  string,
  { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[] }
>;

/**
 * The files a set of source modules needs (their chunks, static imports and CSS), minus what
 * index.html already loads.
 */
export function filesOf(manifest: ViteManifest, modules: string[]): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const seen = new Set<string>();
  const walk = (key: string, into: { scripts: Set<string>; styles: Set<string> }) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    into.scripts.add(chunk.file);
    for (const css of chunk.css ?? []) into.styles.add(css);
    for (const imported of chunk.imports ?? []) walk(imported, into);
  };
  const entry = { scripts: new Set<string>(), styles: new Set<string>() };
  walk('index.html', entry);
  for (const module of modules) walk(module, { scripts, styles });
  return {
    scripts: [...scripts].filter((file) => !entry.scripts.has(file)),
    styles: [...styles].filter((file) => !entry.styles.has(file)),
  };
}

/** index.html's entry script (the boot, apps/web/src/main.tsx). */
const ENTRY_SCRIPT = /<script type="module"/;
const BOOT_BLOCK = /<!-- boot-reads[\s\S]*?<!-- \/boot-reads -->/;
/** index.html's #root with what it shows before the JavaScript runs (the boot shell). */
const ROOT_BLOCK = /<div id="root">[\s\S]*?<!-- \/root -->/;

/**
 * One JSON object of the answers, keyed by address, each body as the API wrote it; for
 * `<script type="application/json">`: no `<`, so no `</script>` or `<!--` can end it early.
 */
function answersForHtml(answers: ReadonlyMap<string, string>): string {
  const entries = [...answers].map(([url, body]) => `${JSON.stringify(url)}:${body}`);
  return `{${entries.join(',')}}`.replace(/</g, '\\u003c');
}

function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * index.html with the first screen written in: the answers replace the boot reads' preloads
 * (the block between `<!-- boot-reads` and `<!-- /boot-reads -->`), the app's and the route's
 * code goes after the entry's own tags. A template without the block is served as it is.
 */
export function renderDocument(
  template: string,
  screen: {
    answers: ReadonlyMap<string, string>;
    html?: string;
    /** The campus colour's style text (campus-theme.ts). */
    theme?: string;
    photo?: string;
    scripts: string[];
    styles: string[];
  },
): string {
  if (!BOOT_BLOCK.test(template)) return template;
  const head = [`<script type="application/json" id="boot-answers">${answersForHtml(screen.answers)}</script>`];
  if (screen.photo) head.push(`<link rel="preload" as="image" href="${attribute(screen.photo)}" fetchpriority="high">`);
  // A drawn page needs its route's styles before its first paint, as stylesheets (Vite's loader
  // then finds them and adds none); otherwise they are preloads the route's code applies.
  // `crossorigin`, as Vite's own <link rel="stylesheet"> for a route's CSS has: a preload in
  // another credentials mode is not used, and the file is fetched twice.
  const drawn = screen.html !== undefined;
  const styleLink = drawn ? 'rel="stylesheet"' : 'rel="preload" as="style"';
  const styles = screen.styles.map((file) => `<link ${styleLink} crossorigin href="/${attribute(file)}">`);
  const preloads = screen.scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${attribute(file)}">`);
  // After the stylesheets, whose tokens.css sets the default colour on the same selector.
  const theme = screen.theme ? [`<style>${screen.theme}</style>`] : [];
  if (!drawn) {
    return template
      .replace(BOOT_BLOCK, () => head.join('\n    '))
      .replace('</head>', () => `${[...theme, ...styles, ...preloads].join('')}</head>`);
  }
  // A drawn page is seen without its code, which only makes it work: the entry (a small boot,
  // apps/web/src/main.tsx) fetches the rest after the first paint, so the stylesheet and the
  // photo have the network to themselves (decision 027). A <template>'s links are inert until
  // the boot moves them into the head.
  const afterPaint = `<template id="code-after-paint">${preloads.join('')}</template>`;
  return (
    template
      // Not render-blocking (a module), and asked for after the stylesheet and the photo.
      .replace(ENTRY_SCRIPT, '$& fetchpriority="low"')
      .replace(BOOT_BLOCK, () => head.join('\n    '))
      .replace('</head>', () => `${[...theme, ...styles, afterPaint].join('')}</head>`)
      // The browser hydrates it (apps/web/src/app/start.tsx) instead of drawing it again.
      .replace(ROOT_BLOCK, () => `<div id="root" data-server-rendered>${screen.html}</div>`)
  );
}
