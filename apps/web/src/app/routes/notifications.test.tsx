import { LISTING_MESSAGES, MODERATION_MESSAGES, NOTIFICATION_ACTIONS } from '@campus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, mockApi } from '@/testing/api.ts';
import { testAuthor, testNotification, testPost } from '@/testing/data.ts';
import { renderApp } from '@/testing/render-app.tsx';

const sam = testAuthor({ id: 'u3', username: 'samq', firstName: 'Sam', lastName: 'Quinn' });
const liked = testNotification({
  id: 'n1',
  type: 'like',
  postId: 'p1',
  message: 'Desk lamp, barely used',
  read: false,
});
const messaged = testNotification({
  id: 'n2',
  type: 'message',
  fromUser: sam,
  postId: null,
  chatId: 'c9',
  message: 'Still selling?',
  read: false,
});
const oldComment = testNotification({ id: 'n3', type: 'comment', postId: 'p1', message: 'Nice!', read: true });

const list = () => screen.getByRole('region', { name: 'Notifications' });

describe('/notifications', () => {
  it('lists what happened, each leading to its chat or post, and marks the unread ones read', async () => {
    // The badge counts the unread ones until the server has marked them read; the test says when.
    let unread = 2;
    let answerMarkRead = () => {};
    const markReadAnswered = new Promise<void>((resolve) => {
      answerMarkRead = resolve;
    });
    mockApi({
      'GET /api/notifications': { notifications: [liked, messaged, oldComment], nextCursor: null },
      'POST /api/notifications/read': async ({ body }) => {
        await markReadAnswered;
        unread = 0;
        return { updated: (body as { ids: string[] }).ids.length };
      },
    });
    renderApp('/notifications', { unread: () => ({ messages: 0, notifications: unread }) });
    expect((await screen.findAllByText('2 unread notifications')).length).toBeGreaterThan(0);

    const like = await screen.findByRole('link', { name: new RegExp(NOTIFICATION_ACTIONS.like) });
    expect(like.textContent).toContain('Jordan Lee');
    expect(like.getAttribute('href')).toBe('/post/p1');
    expect(within(like).getByText('New')).toBeTruthy();
    const message = within(list()).getByRole('link', { name: new RegExp(NOTIFICATION_ACTIONS.message) });
    expect(message.textContent).toContain('Sam Quinn');
    expect(message.textContent).toContain('Still selling?');
    expect(message.getAttribute('href')).toBe('/messages/c9');
    const comment = within(list()).getByRole('link', { name: new RegExp(NOTIFICATION_ACTIONS.comment) });
    expect(within(comment).queryByText('New')).toBeNull();

    await waitFor(() =>
      expect(callsTo('POST /api/notifications/read').map(({ body }) => body)).toEqual([{ ids: ['n1', 'n2'] }]),
    );
    answerMarkRead();
    // Once marked, the side nav's badge is read again and goes away.
    await waitFor(() => expect(screen.queryAllByText('2 unread notifications')).toEqual([]));
  });

  it('sends nothing to mark when everything was read', async () => {
    mockApi({
      'GET /api/notifications': { notifications: [oldComment], nextCursor: null },
      'POST /api/notifications/read': { updated: 0 },
      'GET /api/notifications/mentions': { posts: [], nextCursor: null },
    });
    renderApp('/notifications');
    await screen.findByRole('link', { name: new RegExp(NOTIFICATION_ACTIONS.comment) });
    // A request sent after the list was drawn: a mark-read of that list would have come before it.
    fireEvent.click(
      within(screen.getByRole('navigation', { name: 'Notification views' })).getByRole('link', { name: 'Mentions' }),
    );
    await waitFor(() => expect(callsTo('GET /api/notifications/mentions')).toHaveLength(1));
    expect(callsTo('POST /api/notifications/read')).toEqual([]);
  });

  it('says so when there are none yet', async () => {
    mockApi({ 'GET /api/notifications': { notifications: [], nextCursor: null } });
    renderApp('/notifications');
    expect(await screen.findByText('No notifications yet')).toBeTruthy();
    expect(callsTo('POST /api/notifications/read')).toEqual([]);
  });

  it('opens Mentions from its tab: the posts that name the viewer', async () => {
    mockApi({
      'GET /api/notifications': { notifications: [], nextCursor: null },
      'GET /api/notifications/mentions': {
        posts: [testPost({ id: 'p7', author: sam, plainText: '@averycarter is this yours?' })],
        nextCursor: null,
      },
    });
    const { router } = renderApp('/notifications');
    await screen.findByText('No notifications yet');
    fireEvent.click(
      within(screen.getByRole('navigation', { name: 'Notification views' })).getByRole('link', { name: 'Mentions' }),
    );
    expect(await screen.findByText(/is this yours\?/)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/notifications/mentions');
    expect(callsTo('GET /api/notifications/mentions')).toHaveLength(1);
  });
});

describe('/notifications: listings (docs/product/selling.md)', () => {
  it('asks “still available?” with Renew, Mark sold and Delete, and shows a price drop in its own words', async () => {
    const asked = testNotification({
      id: 'n7',
      type: 'still available',
      postId: 'p7',
      message: LISTING_MESSAGES.stillAvailable('Bean bag'),
      read: true,
    });
    const dropped = testNotification({
      id: 'n8',
      type: 'price drop',
      postId: 'p8',
      message: LISTING_MESSAGES.priceDropped('Desk', 6000, 4500),
      read: true,
    });
    mockApi({
      'GET /api/notifications': { notifications: [asked, dropped], nextCursor: null },
      'POST /api/posts/:postId/renew': testPost({ id: 'p7' }),
    });
    renderApp('/notifications');
    const question = await screen.findByRole('link', { name: 'Is Bean bag still available?' });
    expect(question.getAttribute('href')).toBe('/post/p7');
    const row = question.closest('li') as HTMLElement;
    expect(within(row).getByRole('link', { name: LISTING_MESSAGES.markSold }).getAttribute('href')).toBe(
      '/post/p7?mark=sold',
    );
    expect(within(row).getByRole('button', { name: LISTING_MESSAGES.delete })).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: LISTING_MESSAGES.renew }));
    await waitFor(() => expect(callsTo('POST /api/posts/:postId/renew')[0]?.params.postId).toBe('p7'));
    expect(await screen.findByText(LISTING_MESSAGES.renewed)).toBeTruthy();

    const drop = screen.getByRole('link', { name: /Price dropped on Desk: \$60 → \$45/ });
    expect(drop.getAttribute('href')).toBe('/post/p8');
  });

  it("draws the moderators' notifications as the app's own, with the reason; hidden content leads to its post", async () => {
    const me = testAuthor({ id: 'u1', username: 'averycarter', firstName: 'Avery', lastName: 'Carter' });
    mockApi({
      'GET /api/notifications': {
        notifications: [
          testNotification({
            id: 'n7',
            type: 'content removed',
            fromUser: me,
            postId: null,
            message: MODERATION_MESSAGES.notifyRemoved('post', 'Selling a fake ID'),
          }),
          testNotification({
            id: 'n8',
            type: 'content hidden',
            fromUser: me,
            postId: 'p5',
            message: MODERATION_MESSAGES.notifyHidden('post'),
          }),
          testNotification({
            id: 'n9',
            type: 'warning',
            fromUser: me,
            postId: null,
            message: MODERATION_MESSAGES.notifyWarned('Keep it civil'),
          }),
        ],
        nextCursor: null,
      },
      'POST /api/notifications/read': { updated: 3 },
    });
    renderApp('/notifications');
    const removed = (await screen.findByText(NOTIFICATION_ACTIONS['content removed'])).closest('li') as HTMLElement;
    expect(within(removed).getByText('A moderator removed your post. Reason: Selling a fake ID')).toBeTruthy();
    // Nobody's name: it comes from the campus's moderators, not from a person.
    expect(removed.textContent).not.toContain('Avery Carter');
    expect(within(removed).queryByRole('link')).toBeNull();
    const hidden = screen.getByRole('link', { name: new RegExp(NOTIFICATION_ACTIONS['content hidden']) });
    expect(hidden.getAttribute('href')).toBe('/post/p5');
    expect(screen.getByText('A moderator warned you. Reason: Keep it civil')).toBeTruthy();
  });
});
