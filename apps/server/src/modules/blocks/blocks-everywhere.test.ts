import {
  CHAT_SERVER_MESSAGES,
  type FeedPage,
  type Message,
  NOTIFICATION_TYPE_VALUES,
  type Notification,
  type Post,
  type PostList,
  type PostPage,
  type PostThreadNode,
  PROFILE_MESSAGES,
  type PublicProfile,
  type UnreadCounts,
} from '@campus/contract';
import { and, count, eq, or } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.ts';
import type { TestBrowser } from '../../../test/auth.ts';
import { chatPage, openChatWith, sendMessageAs } from '../../../test/chats.ts';
import { createPostAs, member } from '../../../test/posts.ts';
import { messages, notifications, postLikes, posts } from '../../db/schema/index.ts';
import { notify } from '../notifications/index.ts';

/**
 * A block stops everything between the two people, whichever of them blocked the other: no
 * comment, reply, save, share or notification passes between them, and neither finds the
 * other's posts, comments or profile on any surface. A bystander (C) still sees and does
 * everything, which is what keeps each "hidden" check from passing by accident.
 */
const { app, db } = await createTestApp();

type Member = Awaited<ReturnType<typeof member>>;

const POST_GONE = { statusCode: 404, code: 'POST_NOT_FOUND', message: 'Sorry, that post has been deleted.' };
const USER_GONE = { statusCode: 404, code: 'USER_NOT_FOUND', message: PROFILE_MESSAGES.notFound };

async function rowCounts() {
  const n = async (table: typeof posts | typeof postLikes | typeof notifications | typeof messages) =>
    (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return {
    posts: await n(posts),
    saves: await n(postLikes),
    notifications: await n(notifications),
    messages: await n(messages),
  };
}

/** Notifications stored between two people, either way. */
async function notificationsBetween(one: string, two: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(
      or(
        and(eq(notifications.toUserId, one), eq(notifications.fromUserId, two)),
        and(eq(notifications.toUserId, two), eq(notifications.fromUserId, one)),
      ),
    );
  return row?.n ?? 0;
}

const created = async (res: Promise<{ statusCode: number; body: string; json(): unknown }>) => {
  const answer = await res;
  if (answer.statusCode !== 201) throw new Error(`expected 201, got ${answer.statusCode}: ${answer.body}`);
  return answer.json() as Post;
};

const ids = (list: { id: string }[]) => list.map((p) => p.id);
const threadIds = (nodes: PostThreadNode[]): string[] => nodes.flatMap((n) => [n.id, ...threadIds(n.replies)]);

async function json<T>(browser: TestBrowser, url: string): Promise<T> {
  const res = await browser.get(url);
  if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}

/** One person's things, made before the block (each word is theirs alone, for search). */
interface Side {
  who: Member;
  username: string;
  word: string;
  post: Post;
  /** Their comment on C's post. */
  comment: Post;
  /** C's reply under their comment (a reply there joins their thread). */
  replyUnder: Post;
  /** Their post naming the other as @username. */
  mention: Post;
}

/** A, B and the bystander C with posts, comments, saves, chats and notifications both ways. */
async function setUp(words: [string, string]) {
  const [a, b, c] = [
    await member(app, db, 'ou', 'Ada Alder'),
    await member(app, db, 'ou', 'Bram Birch'),
    await member(app, db, 'ou', 'Cleo Cedar'),
  ];
  const cPost = await created(createPostAs(c.browser, { plainText: 'A thread by C' }));
  const side = async (who: Member, word: string, otherName: string): Promise<Side> => {
    const post = await created(createPostAs(who.browser, { plainText: `${word} for sale` }));
    const comment = await created(createPostAs(who.browser, { plainText: `${word} here`, parentId: cPost.id }));
    const replyUnder = await created(createPostAs(c.browser, { plainText: 'C answers', parentId: comment.id }));
    const mention = await created(createPostAs(who.browser, { plainText: `ask @${otherName} about it` }));
    return { who, username: who.user.username, word, post, comment, replyUnder, mention };
  };
  const sideA = await side(a, words[0], b.user.username);
  const sideB = await side(b, words[1], a.user.username);
  // Each saves the other's post (a notification each way), and C saves both.
  for (const [browser, id] of [
    [a.browser, sideB.post.id],
    [b.browser, sideA.post.id],
    [c.browser, sideA.post.id],
    [c.browser, sideB.post.id],
  ] as const) {
    expect((await browser.post(`/api/posts/${id}/like`)).statusCode).toBe(200);
  }
  // Each is named in the other's post: their Mentions tab shows it until the block.
  for (const [browser, mention] of [
    [a.browser, sideB.mention],
    [b.browser, sideA.mention],
  ] as const) {
    expect(ids((await json<PostList>(browser, '/api/notifications/mentions')).posts)).toEqual([mention.id]);
  }
  const chatAB = await openChatWith(a.browser, b.user.id);
  expect((await sendMessageAs(b.browser, chatAB.id, { plainText: 'still there?' })).statusCode).toBe(201);
  const chatAC = await openChatWith(a.browser, c.user.id);
  const chatBC = await openChatWith(b.browser, c.user.id);
  expect(await notificationsBetween(a.user.id, b.user.id)).toBeGreaterThanOrEqual(3);
  return { a: sideA, b: sideB, c, cPost, chatAB, chatAC, chatBC };
}

describe('after a block, nothing passes between the two and neither finds the other (both directions)', () => {
  it.each([
    { label: 'A blocks B', blocker: 'a', words: ['Trombone', 'Xylophone'] },
    { label: 'B blocks A', blocker: 'b', words: ['Harpsichord', 'Mandolin'] },
  ] as const)('$label: every surface, both ways', async ({ blocker, words }) => {
    const world = await setUp([...words]);
    const { c, cPost } = world;
    const [blocking, blocked] = blocker === 'a' ? [world.a, world.b] : [world.b, world.a];

    const unreadBefore = await json<UnreadCounts>(blocked.who.browser, '/api/unread-counts');
    expect((await blocking.who.browser.post('/api/blocks', { userId: blocked.who.user.id })).statusCode).toBe(200);
    // What passed between them before goes with the block, badges included.
    expect(await notificationsBetween(world.a.who.user.id, world.b.who.user.id)).toBe(0);
    const unreadAfter = await json<UnreadCounts>(blocked.who.browser, '/api/unread-counts');
    expect(unreadAfter.notifications).toBeLessThan(unreadBefore.notifications);

    // The bystander reads every page first, so the kept pages (decision 025) hold both people.
    expect(ids((await json<FeedPage>(c.browser, '/api/posts')).posts)).toEqual(
      expect.arrayContaining([world.a.post.id, world.b.post.id]),
    );
    expect(threadIds((await json<PostPage>(c.browser, `/api/posts/${cPost.id}`)).comments)).toEqual(
      expect.arrayContaining([world.a.comment.id, world.b.comment.id]),
    );
    for (const s of [world.a, world.b]) {
      expect((await c.browser.get(`/api/posts/${s.post.id}`)).statusCode).toBe(200);
      expect(ids((await json<PostList>(c.browser, `/api/profiles/${s.username}/posts`)).posts)).toContain(s.post.id);
    }

    for (const [self, other] of [
      [world.a, world.b],
      [world.b, world.a],
    ] as const) {
      const me = self.who.browser;
      const isBlocker = self === blocking;
      const chatWithC = self === world.a ? world.chatAC : world.chatBC;

      // Writes between the two: refused as if the post did not exist, and nothing stored.
      const refusals: Array<[string, () => Promise<{ statusCode: number; json(): unknown }>, object]> = [
        ['comment on their post', () => createPostAs(me, { plainText: 'hello', parentId: other.post.id }), POST_GONE],
        ['reply to their comment', () => createPostAs(me, { plainText: 'hi', parentId: other.comment.id }), POST_GONE],
        [
          "reply in their comment's thread",
          () => createPostAs(me, { plainText: 'hey', parentId: other.replyUnder.id }),
          POST_GONE,
        ],
        ['save their post', () => me.post(`/api/posts/${other.post.id}/like`), POST_GONE],
        ['save their comment', () => me.post(`/api/posts/${other.comment.id}/like`), POST_GONE],
        ['share their post with C', () => sendMessageAs(me, chatWithC.id, { postId: other.post.id }), POST_GONE],
        [
          'share a post with them',
          () => sendMessageAs(me, world.chatAB.id, { postId: cPost.id }),
          { statusCode: 403, code: 'BLOCKED', message: CHAT_SERVER_MESSAGES.blocked },
        ],
      ];
      for (const [label, attempt, refusal] of refusals) {
        const before = await rowCounts();
        const res = await attempt();
        expect(res.json(), `${label} (${isBlocker ? 'blocker' : 'blocked'})`).toMatchObject(refusal);
        expect(await rowCounts(), label).toEqual(before);
      }

      // Their post and comment by a direct link: as if deleted.
      for (const id of [other.post.id, other.comment.id, other.mention.id]) {
        expect((await me.get(`/api/posts/${id}`)).json()).toMatchObject(POST_GONE);
      }
      // Feeds, threads, saved list, mentions, search: without them.
      const feed = await json<FeedPage>(me, '/api/posts');
      expect(ids([...feed.posts, ...feed.sponsored.map((s) => s.post)])).not.toContain(other.post.id);
      expect(ids(feed.posts)).toContain(self.post.id);
      expect(ids((await json<PostList>(me, '/api/posts/media')).posts)).not.toContain(other.post.id);
      const thread = threadIds((await json<PostPage>(me, `/api/posts/${cPost.id}`)).comments);
      expect(thread).toContain(self.comment.id);
      expect(thread).not.toContain(other.comment.id);
      expect(thread).not.toContain(other.replyUnder.id);
      expect(ids((await json<PostList>(me, '/api/saved')).posts)).not.toContain(other.post.id);
      expect((await json<PostList>(me, '/api/notifications/mentions')).posts).toEqual([]);
      expect(ids((await json<PostList>(c.browser, '/api/saved')).posts)).toEqual(
        expect.arrayContaining([self.post.id, other.post.id]),
      );
      expect(ids((await json<PostList>(me, `/api/search/posts?q=${other.word}`)).posts)).toEqual([]);
      expect(ids((await json<PostList>(c.browser, `/api/search/posts?q=${other.word}`)).posts)).toContain(
        other.post.id,
      );
      expect(
        (await json<{ suggestions: unknown[] }>(me, `/api/search/suggestions?q=${other.word}`)).suggestions,
      ).toEqual([]);
      const person = encodeURIComponent(other.username);
      expect((await json<{ people: { id: string }[] }>(me, `/api/search/people?q=${person}`)).people).toEqual([]);
      expect(
        ids((await json<{ people: { id: string }[] }>(c.browser, `/api/search/people?q=${person}`)).people),
      ).toEqual([other.who.user.id]);
      expect((await json<{ users: { id: string }[] }>(me, `/api/chats/recipients?q=${person}`)).users).toEqual([]);
      // C's saves tab: without the other's post (C saved both).
      const cLikes = ids((await json<PostList>(me, `/api/profiles/${c.user.username}/posts?show=likes`)).posts);
      expect(cLikes).toContain(self.post.id);
      expect(cLikes).not.toContain(other.post.id);

      // Their profile: the blocked person finds no such member; the blocker sees the header
      // (its menu offers Unblock) and empty lists.
      if (isBlocker) {
        expect(await json<PublicProfile>(me, `/api/profiles/${other.username}`)).toMatchObject({
          blocked: true,
          blockedByViewer: true,
        });
        for (const show of ['posts', 'photos', 'replies', 'likes']) {
          expect(await json<PostList>(me, `/api/profiles/${other.username}/posts?show=${show}`)).toEqual({
            posts: [],
            nextCursor: null,
          });
        }
      } else {
        for (const url of [`/api/profiles/${other.username}`, `/api/profiles/${other.username}/posts?show=posts`]) {
          expect((await me.get(url)).json()).toMatchObject(USER_GONE);
        }
      }

      // Nothing from the other in the notifications list.
      const list = await json<{ notifications: Notification[] }>(me, '/api/notifications');
      expect(list.notifications.map((n) => n.fromUser.id)).not.toContain(other.who.user.id);

      // C shares the other's post with this person: it goes through (C is not blocked), reads
      // as deleted here, and nothing is notified between the two.
      const shared = await sendMessageAs(c.browser, chatWithC.id, { postId: other.post.id });
      expect(shared.statusCode).toBe(201);
      const inChat = (await chatPage(me, chatWithC.id)).messages.find((m) => m.id === (shared.json() as Message).id);
      expect(inChat?.sharedPost).toEqual({ deleted: true, id: other.post.id });
    }

    // The bystander keeps interacting with both; nothing of theirs reaches the other of the pair.
    for (const s of [world.a, world.b]) {
      expect((await createPostAs(c.browser, { plainText: 'still here', parentId: s.comment.id })).statusCode).toBe(201);
    }
    expect(await notificationsBetween(world.a.who.user.id, world.b.who.user.id)).toBe(0);

    // Unblocking opens the way again (so each refusal above was the block's doing).
    expect((await blocking.who.browser.request('DELETE', `/api/blocks/${blocked.who.user.id}`)).statusCode).toBe(200);
    expect((await createPostAs(blocked.who.browser, { plainText: 'hi', parentId: blocking.post.id })).statusCode).toBe(
      201,
    );
    expect((await blocked.who.browser.get(`/api/profiles/${blocking.username}`)).statusCode).toBe(200);
    expect(await notificationsBetween(world.a.who.user.id, world.b.who.user.id)).toBe(1);
  });

  it('no notification of any type is stored between two people who blocked each other (the insert skips them)', async () => {
    const a = await member(app, db, 'ou', 'Nia North');
    const b = await member(app, db, 'ou', 'Sol South');
    const c = await member(app, db, 'ou', 'Eli East');
    const post = await created(createPostAs(a.browser, { plainText: 'Kettle for sale' }));
    const chat = await openChatWith(b.browser, c.user.id);
    expect((await b.browser.post('/api/blocks', { userId: a.user.id })).statusCode).toBe(200);
    const campusId = post.campusId;
    const notifyEveryType = async (fromUserId: string, toUserId: string) => {
      for (const type of NOTIFICATION_TYPE_VALUES) {
        const chatType = type === 'message' || type === 'new chat' || type === 'message like';
        await db.transaction((tx) =>
          notify(tx, {
            campusId,
            type,
            toUserId,
            fromUserId,
            postId: chatType ? null : post.id,
            chatId: chatType ? chat.id : null,
            message: 'hidden',
            createdAt: new Date(),
          }),
        );
      }
    };
    await notifyEveryType(a.user.id, b.user.id);
    await notifyEveryType(b.user.id, a.user.id);
    expect(await notificationsBetween(a.user.id, b.user.id)).toBe(0);
    // The same calls between people without a block do store (each type once, toggles refreshed).
    await notifyEveryType(c.user.id, a.user.id);
    expect(
      (await db.select({ n: count() }).from(notifications).where(eq(notifications.fromUserId, c.user.id)))[0]?.n,
    ).toBe(NOTIFICATION_TYPE_VALUES.length);
  });
});
