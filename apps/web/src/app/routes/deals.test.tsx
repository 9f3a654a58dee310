import { type BuyerCandidate, DEAL_MESSAGES, type Message, type Offer, type PostBoostStatus } from '@campus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, mockApi, refuse } from '@/testing/api.ts';
import { testAuthor, testChat, testMessage, testPost } from '@/testing/data.ts';
import { renderApp } from '@/testing/render-app.tsx';

/*
 * Deals (docs/product/selling.md): the offer card in a chat and the owner's buyer picker, drawn by
 * the real routes against the mocked API.
 */

const chat = testChat({ id: 'c1', lastMessage: 'Offered $40' });

const testOffer = (over: Partial<Offer> = {}): Offer => ({
  id: 'o1',
  postId: 'p1',
  chatId: 'c1',
  buyerId: 'u2',
  sellerId: 'u1',
  fromUserId: 'u2',
  amountCents: 4000,
  status: 'open',
  canAnswer: true,
  canWithdraw: false,
  expiresAt: '2026-01-07T10:00:00.000Z',
  createdAt: '2026-01-05T10:00:00.000Z',
  listing: { title: 'Desk lamp, barely used', priceCents: 6000, status: 'available' },
  ...over,
});

const offerMessage = (over: Partial<Message> = {}) =>
  testMessage({ id: 'm9', senderId: 'u2', plainText: 'Offered $40', offerId: 'o1', ...over });

function mockChat(messages: Message[], offers: () => Offer[]) {
  mockApi({
    'GET /api/chats': { chats: [chat], nextCursor: null },
    'GET /api/chats/:chatId': { chat, messages: [...messages].reverse(), nextCursor: null },
    'POST /api/chats/:chatId/seen': { unread: false },
    // The pinned meet-up (docs/product/safety.md#meet-ups): none.
    'GET /api/chats/:chatId/meetups': { meetups: [], pinned: null },
    'GET /api/chats/:chatId/offers': () => ({ offers: offers() }),
  });
}

describe('an offer card in the chat', () => {
  it('shows the offer to the seller with Accept / Decline / Counter, and Accepted once accepted', async () => {
    let offer = testOffer();
    mockChat([offerMessage()], () => [offer]);
    mockApi({
      'POST /api/offers/:offerId/accept': () => {
        offer = { ...offer, status: 'accepted', canAnswer: false };
        return { offer };
      },
    });
    renderApp('/messages/c1');
    const card = await screen.findByRole('region', { name: 'Their offer: $40' });
    expect(within(card).getByText('Desk lamp, barely used')).toBeTruthy();
    expect(within(card).getByText(/Asking \$60/)).toBeTruthy();
    expect(within(card).getByRole('button', { name: DEAL_MESSAGES.decline })).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: DEAL_MESSAGES.accept }));
    await waitFor(() => expect(within(card).getByRole('status').textContent).toBe('Accepted'));
    expect(callsTo('POST /api/offers/:offerId/accept').map((c) => c.params.offerId)).toEqual(['o1']);
    expect(within(card).queryByRole('button', { name: DEAL_MESSAGES.accept })).toBeNull();
  });

  it("shows the buyer's own offer without answers, and Expired once its 48 hours are over", async () => {
    mockChat([offerMessage({ senderId: 'u1' })], () => [
      testOffer({ fromUserId: 'u1', buyerId: 'u1', sellerId: 'u2', status: 'expired', canAnswer: false }),
    ]);
    renderApp('/messages/c1');
    const card = await screen.findByRole('region', { name: 'Your offer: $40' });
    expect(within(card).getByRole('status').textContent).toBe('Expired');
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it("offers Withdraw offer on the maker's own open offer; it reads Withdrawn after, with no buttons (docs/product/selling.md#withdrawing-an-offer)", async () => {
    const mine = { fromUserId: 'u1', buyerId: 'u1', sellerId: 'u2', canAnswer: false };
    let offer = testOffer({ ...mine, canWithdraw: true });
    mockChat([offerMessage({ senderId: 'u1' })], () => [offer]);
    mockApi({
      'POST /api/offers/:offerId/withdraw': () => {
        offer = { ...offer, status: 'withdrawn', canWithdraw: false };
        return { offer };
      },
    });
    renderApp('/messages/c1');
    const card = await screen.findByRole('region', { name: 'Your offer: $40' });
    expect(within(card).queryByRole('button', { name: DEAL_MESSAGES.accept })).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: DEAL_MESSAGES.withdraw }));
    await waitFor(() => expect(within(card).getByRole('status').textContent).toBe('Withdrawn'));
    expect(callsTo('POST /api/offers/:offerId/withdraw').map((c) => c.params.offerId)).toEqual(['o1']);
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it('shows no Withdraw offer to the side the offer was made to', async () => {
    mockChat([offerMessage()], () => [testOffer()]);
    renderApp('/messages/c1');
    const card = await screen.findByRole('region', { name: 'Their offer: $40' });
    expect(within(card).getByRole('button', { name: DEAL_MESSAGES.accept })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: DEAL_MESSAGES.withdraw })).toBeNull();
  });

  it('counters with an amount from the keyboard, and shows a refusal under the field', async () => {
    mockChat([offerMessage()], () => [testOffer()]);
    let tries = 0;
    mockApi({
      'POST /api/offers/:offerId/counter': () => {
        tries += 1;
        if (tries === 1) return refuse(409, 'LISTING_SOLD', DEAL_MESSAGES.listingSold);
        return { offer: testOffer({ id: 'o2', fromUserId: 'u1', amountCents: 5000, canAnswer: false }) };
      },
    });
    renderApp('/messages/c1');
    const card = await screen.findByRole('region', { name: 'Their offer: $40' });
    fireEvent.click(within(card).getByRole('button', { name: DEAL_MESSAGES.counter }));
    const dialog = await screen.findByRole('dialog', { name: DEAL_MESSAGES.counterTitle });
    const field = within(dialog).getByLabelText(DEAL_MESSAGES.counterAmountLabel);
    await waitFor(() => expect(document.activeElement).toBe(field));
    // Checked here before anything is sent.
    fireEvent.change(field, { target: { value: '0' } });
    fireEvent.submit(field.closest('form') as HTMLFormElement);
    expect(within(dialog).getByText(DEAL_MESSAGES.amountTooLow)).toBeTruthy();
    expect(callsTo('POST /api/offers/:offerId/counter')).toHaveLength(0);

    fireEvent.change(field, { target: { value: '$50' } });
    fireEvent.submit(field.closest('form') as HTMLFormElement);
    expect(await within(dialog).findByText(DEAL_MESSAGES.listingSold)).toBeTruthy();
    fireEvent.submit(field.closest('form') as HTMLFormElement);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: DEAL_MESSAGES.counterTitle })).toBeNull());
    expect(callsTo('POST /api/offers/:offerId/counter').map((c) => c.body)).toEqual([
      { amountCents: 5000 },
      { amountCents: 5000 },
    ]);
  });
});

const ownerStatus: PostBoostStatus = {
  isOwner: true,
  ad: null,
  ownerAction: 'boost',
  paused: false,
  cta: null,
  adRunning: false,
};

const person = (over: Partial<BuyerCandidate>): BuyerCandidate => ({ ...testAuthor(), offerCents: null, ...over });

describe('the buyer picker', () => {
  it('opens at ?mark=sold with the people who messaged, and marks the listing sold for the one picked', async () => {
    const post = testPost({ author: testAuthor({ id: 'u1', username: 'averycarter', firstName: 'Avery' }) });
    mockApi({
      'GET /api/posts/:postId': () => ({ post, ancestors: [], comments: [] }),
      'GET /api/posts/:postId/boost': ownerStatus,
      'POST /api/posts/:postId/alert': { alert: null },
      'GET /api/posts/:postId/buyers': {
        people: [
          person({ id: 'u7', username: 'bea', firstName: 'Bea', lastName: 'Bidder', offerCents: 4500 }),
          person({ id: 'u8', username: 'ari', firstName: 'Ari', lastName: 'Asker' }),
        ],
      },
      'PUT /api/posts/:postId/status': { status: 'sold', buyer: null },
    });
    renderApp('/post/p1?mark=sold');
    const dialog = await screen.findByRole('dialog', { name: DEAL_MESSAGES.pickBuyerTitle('sold') });
    const bea = await within(dialog).findByRole('radio', { name: /Bea Bidder/ });
    // Whoever made an offer comes first and is picked until the owner picks someone else.
    expect((bea as HTMLInputElement).checked).toBe(true);
    // …and has focus: arrow keys move, Enter marks.
    await waitFor(() => expect(document.activeElement).toBe(bea));
    expect(within(dialog).getByText('Offered $45')).toBeTruthy();
    const radios = within(dialog).getAllByRole('radio');
    expect(radios.map((r) => r.closest('label')?.textContent)).toEqual([
      expect.stringContaining('Bea Bidder'),
      expect.stringContaining('Ari Asker'),
      DEAL_MESSAGES.someoneElse,
    ]);
    fireEvent.click(within(dialog).getByRole('radio', { name: DEAL_MESSAGES.someoneElse }));
    fireEvent.click(within(dialog).getByRole('button', { name: DEAL_MESSAGES.markSold }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('PUT /api/posts/:postId/status').map((c) => c.body)).toEqual([{ status: 'sold', buyerId: null }]);
    expect(await screen.findByText(DEAL_MESSAGES.statusSaved.sold)).toBeTruthy();
  });

  it('says when no one has messaged yet, still offering Someone else', async () => {
    const post = testPost({ author: testAuthor({ id: 'u1' }) });
    mockApi({
      'GET /api/posts/:postId': { post, ancestors: [], comments: [] },
      'GET /api/posts/:postId/boost': ownerStatus,
      'POST /api/posts/:postId/alert': { alert: null },
      'GET /api/posts/:postId/buyers': { people: [] },
    });
    renderApp('/post/p1?mark=sold');
    const dialog = await screen.findByRole('dialog', { name: DEAL_MESSAGES.pickBuyerTitle('sold') });
    expect(await within(dialog).findByText(DEAL_MESSAGES.noCandidates)).toBeTruthy();
    expect((within(dialog).getByRole('radio', { name: DEAL_MESSAGES.someoneElse }) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it('shows Sold and Pending on the post page, and no Make offer on a sold listing', async () => {
    mockApi({
      'GET /api/posts/:postId': { post: testPost({ status: 'sold' }), ancestors: [], comments: [] },
      'GET /api/posts/:postId/boost': { ...ownerStatus, isOwner: false, ownerAction: null },
      // Not its seller nor its buyer: no review to write (docs/product/reviews.md).
      'GET /api/posts/:postId/review': refuse(404, 'REVIEW_NOT_DUE', 'There is no review to write for this listing.'),
    });
    renderApp('/post/p1');
    expect(await screen.findByRole('note')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toBe('Sold');
    expect(screen.queryByRole('button', { name: DEAL_MESSAGES.makeOffer })).toBeNull();
    await waitFor(() => expect(callsTo('GET /api/posts/:postId/review')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: /^Rate / })).toBeNull();
  });
});
