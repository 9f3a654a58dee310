import {
  MODERATION_MESSAGES,
  REPORT_REASON_LABELS,
  REVIEW_MESSAGES,
  type Review,
  type SaleReviews,
} from '@campus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, mockApi, refuse } from '@/testing/api.ts';
import { testAuthor, testNotification, testPost, testProfile, testReview } from '@/testing/data.ts';
import { renderApp } from '@/testing/render-app.tsx';

/*
 * Reviews after a sale (docs/product/reviews.md): 'Rate {name}' and the review form on a sold
 * listing's page, the notification that opens it, and a profile's rating and Reviews tab, drawn
 * by the real routes against the mocked API.
 */

const seller = testAuthor({ id: 'u2', username: 'jordanlee', firstName: 'Jordan', lastName: 'Lee' });
const soldLamp = testPost({ id: 'p1', status: 'sold', author: seller, plainText: 'Desk lamp, barely used' });

const dueSale = (over: Partial<SaleReviews> = {}): SaleReviews => ({
  subject: seller,
  listingTitle: 'Desk lamp, barely used',
  canReview: true,
  dueBy: '2026-02-04T10:00:00.000Z',
  mine: null,
  theirs: null,
  ...over,
});

function mockSoldPost(sale: () => SaleReviews) {
  mockApi({
    'GET /api/posts/:postId': { post: soldLamp, ancestors: [], comments: [] },
    'GET /api/posts/:postId/boost': {
      isOwner: false,
      ad: null,
      ownerAction: null,
      paused: false,
      cta: null,
      adRunning: false,
    },
    'GET /api/posts/:postId/review': () => sale(),
  });
}

describe('the review form', () => {
  it("shows 'Rate {name}' to the buyer, refuses no stars and too long a text, then sends and waits for the other side", async () => {
    let sale = dueSale();
    mockSoldPost(() => sale);
    mockApi({
      'POST /api/posts/:postId/review': ({ body }) => {
        const review = testReview({ ...(body as Pick<Review, 'stars' | 'text'>), published: false, subject: seller });
        sale = dueSale({ canReview: false, dueBy: null, mine: review });
        return { review };
      },
    });
    renderApp('/post/p1');
    // The post, then the sale's reviews: two reads before the button.
    fireEvent.click(await screen.findByRole('button', { name: REVIEW_MESSAGES.rate('Jordan') }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: REVIEW_MESSAGES.formTitle('Jordan') });
    expect(within(dialog).getByText('For Desk lamp, barely used')).toBeTruthy();

    // Nothing chosen, nothing written: both said, nothing sent.
    fireEvent.click(within(dialog).getByRole('button', { name: REVIEW_MESSAGES.send }));
    expect(await within(dialog).findByText(REVIEW_MESSAGES.starsRequired)).toBeTruthy();
    expect(within(dialog).getByText(REVIEW_MESSAGES.textRequired)).toBeTruthy();

    // 301 characters: the counter says so and the form refuses.
    const box = within(dialog).getByLabelText(REVIEW_MESSAGES.textLabel);
    fireEvent.change(box, { target: { value: 'x'.repeat(301) } });
    expect(within(dialog).getByText('301 / 300')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: '4 stars' }));
    fireEvent.click(within(dialog).getByRole('button', { name: REVIEW_MESSAGES.send }));
    expect(await within(dialog).findByText(REVIEW_MESSAGES.textTooLong)).toBeTruthy();
    expect(callsTo('POST /api/posts/:postId/review')).toEqual([]);

    fireEvent.change(box, { target: { value: 'Lamp works, friendly seller.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: REVIEW_MESSAGES.send }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('POST /api/posts/:postId/review').map((c) => [c.params.postId, c.body])).toEqual([
      ['p1', { stars: 4, text: 'Lamp works, friendly seller.' }],
    ]);
    expect(await screen.findByText(REVIEW_MESSAGES.waiting('Jordan'))).toBeTruthy();
    expect(screen.queryByRole('button', { name: REVIEW_MESSAGES.rate('Jordan') })).toBeNull();
  });

  it("shows the server's refusal under the text and keeps what was written", async () => {
    mockSoldPost(() => dueSale());
    mockApi({
      'POST /api/posts/:postId/review': refuse(409, 'REVIEW_WINDOW_CLOSED', REVIEW_MESSAGES.windowClosed),
    });
    renderApp('/post/p1?rate=true');
    // The notification's link opens the form at once.
    const dialog = await screen.findByRole('dialog', { name: REVIEW_MESSAGES.formTitle('Jordan') });
    fireEvent.click(within(dialog).getByRole('radio', { name: '5 stars' }));
    const box = within(dialog).getByLabelText(REVIEW_MESSAGES.textLabel);
    fireEvent.change(box, { target: { value: 'Great!' } });
    fireEvent.click(within(dialog).getByRole('button', { name: REVIEW_MESSAGES.send }));
    expect(await within(dialog).findByText(REVIEW_MESSAGES.windowClosed)).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe('Great!');
  });

  it("'Rate your deal with {name}' leads to the listing with the form open", async () => {
    mockApi({
      'GET /api/notifications': {
        notifications: [
          testNotification({ type: 'review due', postId: 'p1', chatId: null, message: 'Rate your deal with Jordan' }),
        ],
        nextCursor: null,
      },
      'POST /api/notifications/read': { updated: 1 },
    });
    renderApp('/notifications');
    const link = await screen.findByRole('link', { name: /closed a deal with you/ });
    expect(link.getAttribute('href')).toBe('/post/p1?rate=true');
    expect(within(link).getByText('Rate your deal with Jordan')).toBeTruthy();
  });
});

describe("a profile's reviews", () => {
  const jordan = testProfile({ id: 'u2', username: 'jordanlee', firstName: 'Jordan', lastName: 'Lee' });
  const reviewsPage = (reviews: Review[], nextCursor: string | null) => ({
    summary: { average: 4.75, count: 12 },
    reviews,
    nextCursor,
  });
  const first = Array.from({ length: 10 }, (_, i) =>
    testReview({ id: `r${i}`, text: `Review number ${i}`, stars: i % 2 === 0 ? 5 : 4 }),
  );

  it("shows '4.8 ★ (12)' in the header and the Reviews tab, 10 at a time, with the reviewer, listing and reply", async () => {
    mockApi({
      'GET /api/profiles/:username': jordan,
      'GET /api/profiles/:username/reviews': ({ query }) =>
        query.get('cursor') === 'next'
          ? reviewsPage(
              [
                testReview({
                  id: 'r10',
                  text: 'Older one',
                  stars: 3,
                  reply: 'Thanks for your patience!',
                  repliedAt: '2026-01-06T10:00:00.000Z',
                }),
              ],
              null,
            )
          : reviewsPage(first, 'next'),
    });
    renderApp('/jordanlee?show=reviews');
    const rating = await screen.findByRole('link', { name: 'Rated 4.8 out of 5 from 12 reviews' });
    expect(rating.textContent).toBe('4.8(12)');
    const tabs = screen.getByRole('navigation', { name: 'Profile views' });
    expect(within(tabs).getByRole('link', { name: 'Reviews' }).getAttribute('aria-current')).toBe('page');
    const list = await screen.findByRole('region', { name: 'Jordan’s reviews' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    const card = within(list).getAllByRole('listitem')[0] as HTMLElement;
    expect(within(card).getByRole('img', { name: '5 stars' })).toBeTruthy();
    expect(within(card).getByText('Review number 0')).toBeTruthy();
    expect(within(card).getByText('Sam Buyer')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'For Desk lamp, barely used' }).getAttribute('href')).toBe(
      '/post/p1',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Show more reviews' }));
    expect(await within(list).findByText('Older one')).toBeTruthy();
    expect(within(list).getByText('Thanks for your patience!')).toBeTruthy();
    expect(within(list).getByText(REVIEW_MESSAGES.replyHeading('Jordan'))).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more reviews' })).toBeNull();
    expect(callsTo('GET /api/profiles/:username/reviews').map((c) => c.query.get('cursor'))).toContain('next');
  });

  it('says so when there are none, with no rating in the header', async () => {
    mockApi({
      'GET /api/profiles/:username': jordan,
      'GET /api/profiles/:username/reviews': { summary: { average: null, count: 0 }, reviews: [], nextCursor: null },
    });
    renderApp('/jordanlee?show=reviews');
    expect(await screen.findByRole('heading', { name: REVIEW_MESSAGES.emptyTitle })).toBeTruthy();
    expect(screen.getByText(REVIEW_MESSAGES.emptyBody)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Rated / })).toBeNull();
  });

  it('says when the reviews could not be loaded, and asks again on Try again', async () => {
    let fail = true;
    mockApi({
      'GET /api/profiles/:username': jordan,
      'GET /api/profiles/:username/reviews': () =>
        fail
          ? // A 4xx is not retried by itself (lib/query-client.ts): the error state shows at once.
            refuse(403, 'FORBIDDEN', 'Not allowed.')
          : { summary: { average: 5, count: 1 }, reviews: [testReview()], nextCursor: null },
    });
    renderApp('/jordanlee?show=reviews');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByText('We couldn’t load these reviews. Check your connection and try again.')).toBeTruthy();
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByText('Lamp works great, Jordan was on time.')).toBeTruthy();
  });

  it('lets the reviewed person reply once, and anyone report a review', async () => {
    const own = testProfile({ ...jordan, isOwn: true });
    let review = testReview({ canReply: true });
    mockApi({
      'GET /api/profiles/:username': own,
      'GET /api/profiles/:username/reviews': () => ({
        summary: { average: 5, count: 1 },
        reviews: [review],
        nextCursor: null,
      }),
      'POST /api/reviews/:reviewId/reply': ({ body }) => {
        review = { ...review, reply: (body as { text: string }).text, canReply: false };
        return { review };
      },
      'POST /api/reports': { message: MODERATION_MESSAGES.reported, reportId: 'rep1', alreadyReported: false },
    });
    renderApp('/jordanlee?show=reviews');
    fireEvent.click(await screen.findByRole('button', { name: REVIEW_MESSAGES.reply }));
    const box = screen.getByLabelText(REVIEW_MESSAGES.replyLabel);
    fireEvent.change(box, { target: { value: 'Thank you, Sam!' } });
    fireEvent.click(screen.getByRole('button', { name: REVIEW_MESSAGES.sendReply }));
    const reply = await screen.findByText(REVIEW_MESSAGES.replyHeading('Jordan'));
    expect(reply.parentElement?.textContent).toContain('Thank you, Sam!');
    expect(screen.queryByRole('button', { name: REVIEW_MESSAGES.reply })).toBeNull();
    expect(callsTo('POST /api/reviews/:reviewId/reply').map((c) => [c.params.reviewId, c.body])).toEqual([
      ['r1', { text: 'Thank you, Sam!' }],
    ]);

    // The one report sheet (docs/product/moderation.md#reporting), with the review's own thanks.
    fireEvent.click(screen.getByRole('button', { name: REVIEW_MESSAGES.report }));
    const dialog = await screen.findByRole('dialog', { name: MODERATION_MESSAGES.reportTitle.review });
    fireEvent.click(within(dialog).getByRole('radio', { name: REPORT_REASON_LABELS.spam }));
    fireEvent.click(within(dialog).getByRole('button', { name: MODERATION_MESSAGES.send }));
    expect(await within(dialog).findByText(REVIEW_MESSAGES.reported)).toBeTruthy();
    expect(callsTo('POST /api/reports').map((c) => c.body)).toEqual([
      { target: { type: 'review', id: 'r1' }, reason: 'spam' },
    ]);
  });
});
