import type { FeedPage, Post, PostList } from '@campus/contract';

/**
 * Feed pages kept in this process (decision 025), as a member who hides no one and saved nothing
 * sees them. A page is used only while its campus's feed version (migration 0012: every post,
 * media, author card and ad change moves it, in the writing transaction) is the one it was read
 * at, so every process sees a change from its next request on; the viewer's saves and blocks are
 * read fresh for every request, with the version, in one statement (`feedViewerState`).
 */
export interface KeptPage<P extends PostList> {
  /** The campus's feed version read before the page was: the page is at least that new. */
  version: string;
  /** The page with `likedByViewer` false everywhere. */
  page: P;
  /**
   * The page's authors and the owners of the ads that were running: a viewer who blocked none of
   * them (nor was blocked by one) gets exactly this page from the database too.
   */
  people: ReadonlySet<string>;
  /** When the first of the running ads ends (ms since the epoch), the sponsored posts change. */
  validUntil: number;
}

/** The pages, least recently used dropped first beyond `capacity`. */
export class FeedPages {
  readonly #pages = new Map<string, KeptPage<PostList>>();

  constructor(readonly capacity = 1_000) {}

  get<P extends PostList>(key: string): KeptPage<P> | undefined {
    const kept = this.#pages.get(key);
    if (kept) {
      this.#pages.delete(key);
      this.#pages.set(key, kept);
    }
    return kept as KeptPage<P> | undefined;
  }

  set<P extends PostList>(key: string, kept: KeptPage<P>): void {
    this.#pages.delete(key);
    this.#pages.set(key, kept);
    if (this.#pages.size > this.capacity) this.#pages.delete(this.#pages.keys().next().value as string);
  }

  get size(): number {
    return this.#pages.size;
  }
}

/** Every card of a page: its posts and, on the home feed, its sponsored posts. */
export function cardsOf(page: PostList | FeedPage): Post[] {
  return 'sponsored' in page ? [...page.posts, ...page.sponsored.map((s) => s.post)] : page.posts;
}

/**
 * The page with `likedByViewer` true exactly for the posts in `liked`. When no card changes it is
 * the same object, so its serialized text can be reused (`sendSerialized`); cards are copied
 * only when they change.
 */
export function withSaves<P extends PostList>(page: P, liked: ReadonlySet<string>): P {
  if (cardsOf(page).every((post) => post.likedByViewer === liked.has(post.id))) return page;
  const mark = (post: Post): Post =>
    post.likedByViewer === liked.has(post.id) ? post : { ...post, likedByViewer: liked.has(post.id) };
  const marked: PostList = { ...page, posts: page.posts.map(mark) };
  if ('sponsored' in page) {
    const { sponsored } = page as unknown as FeedPage;
    (marked as FeedPage).sponsored = sponsored.map((item) => ({ ...item, post: mark(item.post) }));
  }
  return marked as P;
}
