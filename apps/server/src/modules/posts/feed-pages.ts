import type { FeedPage, Post, PostList, PostPage, PostThreadNode } from '@campus/contract';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import { countKeptPage } from '../../lib/metrics.ts';
import { type SessionUser, schoolVerified } from '../../plugins/session.ts';
import { type FeedViewerState, sessionWithFeedState } from './posts.repo.ts';

/**
 * Feed pages kept in this process (decision 025), as a member who hides no one and saved nothing
 * sees them. A page is used only while its campus's feed version (migration 0012: every post,
 * media, author card and ad change moves it, in the writing transaction) is the one it was read
 * at, so every process sees a change from its next request on; the viewer's saves and blocks are
 * read fresh for every request, with the version and the session, in one statement
 * (`sessionWithFeedState`).
 */
export interface KeptPage<P extends CardPage> {
  /** The campus's feed version read before the page was: the page is at least that new. */
  version: string;
  /** The page with `likedByViewer` false everywhere. */
  page: P;
  /**
   * The page's authors and the other people whose block changes it (the owners of the running
   * ads, a profile's owner): a viewer who blocked none of them (nor was blocked by one) gets
   * exactly this page from the database too.
   */
  people: ReadonlySet<string>;
  /** When the first of the running ads ends (ms since the epoch), the sponsored posts change. */
  validUntil: number;
}

/** What can be kept: a list of cards (a feed or profile page, a home feed page) or a post page. */
export type CardPage = PostList | FeedPage | PostPage;

/** The pages, least recently used dropped first beyond `capacity`. */
export class FeedPages {
  readonly #pages = new Map<string, KeptPage<CardPage>>();

  constructor(readonly capacity = 1_000) {}

  get<P extends CardPage>(key: string): KeptPage<P> | undefined {
    const kept = this.#pages.get(key);
    if (kept) {
      this.#pages.delete(key);
      this.#pages.set(key, kept);
    }
    return kept as KeptPage<P> | undefined;
  }

  set<P extends CardPage>(key: string, kept: KeptPage<P>): void {
    this.#pages.delete(key);
    this.#pages.set(key, kept);
    if (this.#pages.size > this.capacity) this.#pages.delete(this.#pages.keys().next().value as string);
  }

  get size(): number {
    return this.#pages.size;
  }
}

/** Every card of a page: its posts, a home feed's sponsored posts, a post page's chain and thread. */
function cardsOf(page: CardPage): Post[] {
  if ('comments' in page) {
    const cards = [page.post, ...page.ancestors];
    const walk = (nodes: PostThreadNode[]) => {
      for (const node of nodes) {
        cards.push(node);
        walk(node.replies);
      }
    };
    walk(page.comments);
    return cards;
  }
  return 'sponsored' in page ? [...page.posts, ...page.sponsored.map((s) => s.post)] : page.posts;
}

/**
 * The page with `likedByViewer` true exactly for the posts in `liked`. When no card changes it is
 * the same object, so its serialized text can be reused (`sendSerialized`); cards are copied
 * only when they change.
 */
export function withSaves<P extends CardPage>(page: P, liked: ReadonlySet<string>): P {
  if (cardsOf(page).every((post) => post.likedByViewer === liked.has(post.id))) return page;
  const mark = <T extends Post>(post: T): T =>
    post.likedByViewer === liked.has(post.id) ? post : { ...post, likedByViewer: liked.has(post.id) };
  if ('comments' in page) {
    const markThread = (nodes: PostThreadNode[]): PostThreadNode[] =>
      nodes.map((node) => ({ ...mark(node), replies: markThread(node.replies) }));
    return { post: mark(page.post), ancestors: page.ancestors.map(mark), comments: markThread(page.comments) } as P;
  }
  if ('sponsored' in page) {
    const sponsored = page.sponsored.map((item) => ({ ...item, post: mark(item.post) }));
    return { ...page, posts: page.posts.map(mark), sponsored } as P;
  }
  return { ...page, posts: page.posts.map(mark) } as P;
}

/** A page as read from the database for one viewer, with what decides whether others may share it. */
export interface LoadedPage<P extends CardPage> {
  page: P;
  /** The people hidden from this viewer when the page was read (blocks either way). */
  hidden: ReadonlySet<string>;
  /** People besides the page's authors whose block would change the page. */
  alsoShown?: string[];
  /** When the page changes by the clock alone (ms since the epoch; e.g. the first running ad's end). */
  validUntil?: number;
}

/**
 * Who asks for a page, with their feed state (`sessionWithFeedState`) for the posts of the page kept
 * in the process (`postIds`, empty when none is): one statement with the session.
 */
export type FeedViewer = (postIds: string[]) => Promise<{ viewer: SessionUser; state: FeedViewerState }>;

/** The viewer of a request for kept pages: a school-verified member, read with their feed state. */
export const feedViewerOf =
  (request: FastifyRequest): FeedViewer =>
  async (postIds) => {
    const row = await request.sessionUserWith<{ feedState: FeedViewerState }>((db, token) =>
      sessionWithFeedState(db, token, request.campus.id, postIds),
    );
    const viewer = schoolVerified(request, row);
    return { viewer, state: viewer.feedState };
  };

/**
 * A page from this process's kept copy when its campus's feed has not changed since, its time
 * has not run out and the viewer hides none of its people; otherwise from the database, kept for
 * the next viewer when this one hid no one. One statement reads the session, the version, the
 * viewer's blocks and saves either way, so a kept page costs that statement alone.
 */
export async function keptOrLoaded<P extends CardPage>(
  pages: FeedPages,
  clock: Clock,
  viewerOf: FeedViewer,
  key: string,
  /** Reads the page for this viewer; `state.hidden` is the viewer's blocks, read a moment before. */
  load: (viewer: SessionUser, state: FeedViewerState) => Promise<LoadedPage<P>>,
): Promise<P> {
  const kept = pages.get<P>(key);
  const { viewer, state } = await viewerOf(kept ? cardsOf(kept.page).map((p) => p.id) : []);
  if (
    kept &&
    kept.version === state.version &&
    clock.now().getTime() < kept.validUntil &&
    ![...state.hidden].some((id) => kept.people.has(id))
  ) {
    countKeptPage('hit');
    return withSaves(kept.page, state.liked);
  }
  countKeptPage('miss');
  // Read after the version: the page is at least as new as `state.version`.
  const loaded = await load(viewer, state);
  const cards = cardsOf(loaded.page);
  // Only a page with posts says whom it hid (each row carries the viewer's blocks); an empty page
  // is cheap to read again and might be empty only for this viewer.
  if (cards.length > 0 && loaded.hidden.size === 0) {
    pages.set(key, {
      version: state.version,
      page: withSaves(loaded.page, new Set()),
      people: new Set([...cards.map((p) => p.author.id), ...(loaded.alsoShown ?? [])]),
      validUntil: loaded.validUntil ?? Number.POSITIVE_INFINITY,
    });
  }
  return loaded.page;
}
