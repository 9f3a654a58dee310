import type { CampusResponse } from '@campus/contract';
import type { DehydratedState } from '@tanstack/react-query';
import { siteName } from '@/lib/campus.ts';
import type { PageHead } from './head.ts';

/**
 * The document around the app (index.html) as the server's render fills it in
 * (entry-server.tsx) and the browser reads it back (main.tsx).
 */

/** The element whose JSON is the page's state: the query cache its loaders filled. */
export const STATE_ELEMENT_ID = 'page-state';

export interface PageState {
  queries: DehydratedState;
  /**
   * A read failed while the page was drawn (the database busy, say): the page shows its error or
   * loading state, which the browser cannot draw again from a cache that never holds failures.
   * The browser then draws the page itself, from the reads that did succeed.
   */
  readFailed?: true;
}

/**
 * JSON for inside a <script> element: `<` escaped, so no `</script>` or `<!--` in the data can
 * end or change the element. JSON.parse reads `\u003c` back as `<`.
 */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** index.html cut at its markers: the head's tags go at `<!--app-head-->`, the page at `<!--app-html-->`. */
export function documentParts(template: string) {
  // The entry script and its preloads leave the head: the page asks for them after its first
  // paint (codeAfterFirstPaint below).
  const code: string[] = [];
  const take = (_tag: string, href: string) => {
    code.push(href);
    return '';
  };
  const withoutCode = template
    .replace(/<script type="module"[^>]*? src="([^"]+)"[^>]*><\/script>\s*/g, take)
    .replace(/<link rel="modulepreload"[^>]*? href="([^"]+)"[^>]*>\s*/g, take);
  const [beforeHead = '', rest = ''] = withoutCode.split('<!--app-head-->');
  const [between = '', afterApp = ''] = rest.split('<!--app-html-->');
  return { beforeHead, beforeApp: between, afterApp, code };
}

/**
 * The page is drawn: its code only makes it work. On a slow connection the code (some 190 KB)
 * would share the line with the stylesheet and the page's first photo, which the largest paint
 * waits for. So the code is asked for once the first photos (the ones drawn with
 * `fetchpriority="high"`) have arrived, or failed, and a frame has been painted (at the first paint
 * on a page without them, after 3 s at the latest): one small inline script, allowed by the
 * document's nonce, adds the module preloads and the entry. A click meanwhile is held
 * (HOLD_ACTIONS). Measured in docs/decisions/048-landing-load-order.md.
 * `code`: the entry script first, then the chunks it and the page import.
 */
export function codeAfterFirstPaint(code: string[], nonce: string): string {
  const [entry, ...preloads] = code;
  if (!entry) return '';
  return `<script nonce="${escapeHtml(nonce)}">((e,p)=>{let d=false;const go=()=>{if(d)return;d=true;
for(const h of p){const l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.append(l)}
const s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=e;document.head.append(s)};
const painted=()=>requestAnimationFrame(()=>setTimeout(go));
let n=0;const one=()=>{if(--n===0)painted()};
for(const i of document.querySelectorAll('#root img[fetchpriority=high]'))if(!i.complete){n++;i.addEventListener('load',one,{once:true});i.addEventListener('error',one,{once:true})}
if(n===0)painted();setTimeout(go,3000)})(${scriptJson(entry)},${scriptJson(preloads)})</script>`.replace(/\n/g, '');
}

/** What the capture script below keeps on `window` until the app takes it (start.tsx). */
interface HeldActions {
  /** Buttons and links pressed (pointerdown), which some controls act on: not held, only noted. */
  pressed: HTMLElement[];
  clicked: HTMLElement[];
  sent: HTMLFormElement[];
  stop: () => void;
}

declare global {
  interface Window {
    heldActions?: HeldActions;
  }
}

/**
 * A drawn page's buttons, links and forms are on screen before its code has arrived. A click
 * on them would do nothing, and a form sent would leave for a full page load with its fields
 * in the address. This one small inline script (allowed by the document's nonce) holds both
 * until the app has taken the page over and makes them again then (start.tsx).
 */
const HOLD_ACTIONS = `(()=>{const h={pressed:[],clicked:[],sent:[]},r=()=>document.getElementById('root'),
f=e=>{const t=e.target instanceof Element&&e.target.closest('a[href],button');return t&&r()?.contains(t)?t:null},
p=e=>{const t=f(e);if(t)h.pressed.push(t)},
c=e=>{const t=f(e);if(!t)return;e.preventDefault();e.stopPropagation();h.clicked.push(t)},
s=e=>{if(!r()?.contains(e.target))return;e.preventDefault();e.stopPropagation();h.sent.push(e.target)};
addEventListener('pointerdown',p,true);addEventListener('click',c,true);addEventListener('submit',s,true);
h.stop=()=>{removeEventListener('pointerdown',p,true);removeEventListener('click',c,true);removeEventListener('submit',s,true)};window.heldActions=h})()`.replace(
  /\n/g,
  '',
);

/** A campus colour is a hex colour; anything else is not written into a style. */
const COLOUR = /^#[0-9a-f]{3,8}$/i;

/**
 * The page's own head tags: its title and description, the campus colour (as the app sets it
 * once running, provider.tsx), and the link-preview tags of app/head.ts.
 */
export function documentHead({
  campus,
  head,
  url,
  nonce,
}: {
  campus: CampusResponse | undefined;
  head: PageHead | undefined;
  url: URL;
  nonce: string;
}): string {
  const site = campus ? siteName(campus) : 'Campus Buy / Sell';
  const title = head && head.title !== site ? `${head.title} | ${site}` : site;
  const description = head?.description ?? 'Buy, sell and socialise with students of your campus.';
  const tags = [
    `<script nonce="${escapeHtml(nonce)}">${HOLD_ACTIONS}</script>`,
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
  ];
  // The home-screen icon of iOS, which reads no manifest icons (decision 041).
  if (campus) tags.push(`<link rel="apple-touch-icon" href="/api/campuses/${escapeHtml(campus.id)}/icons/192.png">`);
  if (campus && COLOUR.test(campus.themeColor)) {
    tags.push(meta('name', 'theme-color', campus.themeColor));
    // Before the app's stylesheet is applied the page is already in the campus's colour.
    tags.push(`<style nonce="${escapeHtml(nonce)}">:root{--campus-color:${campus.themeColor}}</style>`);
  } else {
    tags.push(meta('name', 'theme-color', '#ffffff'));
  }
  if (head && campus) {
    const address = new URL(url.pathname + url.search, campus.siteUrl).href;
    tags.push(
      meta('property', 'og:type', head.type),
      meta('property', 'og:site_name', site),
      meta('property', 'og:title', head.title),
      meta('property', 'og:description', head.description),
      meta('property', 'og:url', address),
      meta('name', 'twitter:card', head.image && head.type === 'article' ? 'summary_large_image' : 'summary'),
      meta('name', 'twitter:title', head.title),
      meta('name', 'twitter:description', head.description),
    );
    if (head.image) tags.push(meta('property', 'og:image', head.image), meta('name', 'twitter:image', head.image));
  }
  return tags.join('');
}

function meta(key: 'name' | 'property', name: string, content: string): string {
  return `<meta ${key}="${name}" content="${escapeHtml(content)}">`;
}
