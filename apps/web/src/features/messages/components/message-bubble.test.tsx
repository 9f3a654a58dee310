import { type Message, SCAM_WARNING_LINK, SCAM_WARNING_TEXT } from '@campus/contract';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { MessageBubble } from './message-bubble.tsx';

afterEach(cleanup);

const message = (likesCount: number, over: Partial<Message> = {}): Message => ({
  id: 'm1',
  chatId: 'c1',
  senderId: 'u1',
  text: null,
  plainText: 'Is the lamp still available?',
  photo: null,
  sharedPost: null,
  offerId: null,
  meetupId: null,
  scamWarning: false,
  likesCount,
  likedByViewer: false,
  status: null,
  createdAt: '2026-11-27T01:00:00.000Z',
  ...over,
});

const show = (own: boolean, likesCount: number, onHeart = vi.fn(), over: Partial<Message> = {}) =>
  render(
    <MemoryRouter>
      <ol>
        <MessageBubble
          message={message(likesCount, over)}
          own={own}
          showStatus={false}
          onHeart={onHeart}
          heartPending={false}
        />
      </ol>
    </MemoryRouter>,
  );

it("has a heart button on the other person's message (docs/decisions/030-feed-ads-and-rough-edges.md)", () => {
  const onHeart = vi.fn();
  show(false, 0, onHeart);
  fireEvent.click(screen.getByRole('button', { name: 'Heart this message' }));
  expect(onHeart).toHaveBeenCalledOnce();
});

it("has no heart button on one's own message; the other person's hearts show as a count", () => {
  show(true, 0);
  expect(screen.queryByRole('button')).toBeNull();
  cleanup();
  show(true, 2);
  expect(screen.queryByRole('button')).toBeNull();
  expect(screen.getByRole('img', { name: '2 hearts' })).toBeTruthy();
});

it('shows the quiet scam warning under a flagged message, with a link to the safety tips (docs/product/safety.md#scam-warnings)', () => {
  show(false, 0, vi.fn(), { plainText: 'send me the money on Zelle first', scamWarning: true });
  expect(screen.getByText(SCAM_WARNING_TEXT, { exact: false })).toBeTruthy();
  expect(screen.getByRole('link', { name: SCAM_WARNING_LINK }).getAttribute('href')).toBe('/settings/trust_and_safety');
});

it('shows no warning under an unflagged message, nor under one of the viewer own', () => {
  show(false, 0, vi.fn(), { plainText: 'I can pay cash when we meet' });
  expect(screen.queryByText(SCAM_WARNING_TEXT, { exact: false })).toBeNull();
  cleanup();
  // Even if a flag reached the sender's own message, the sender never sees the warning.
  show(true, 0, vi.fn(), { scamWarning: true });
  expect(screen.queryByText(SCAM_WARNING_TEXT, { exact: false })).toBeNull();
});

const sharedPost = (status: 'available' | 'pending' | 'sold') => ({
  deleted: false as const,
  id: 'p1',
  author: { id: 'u2', username: 'ava', firstName: 'Ava', lastName: 'Lee', img: null, verified: true },
  plainText: 'Desk lamp',
  priceCents: 1500,
  category: null,
  status,
  media: null,
});

it("shows a shared listing's Pending or Sold tag as the feed card does, and none while it is available", () => {
  show(false, 0, vi.fn(), { plainText: '', sharedPost: sharedPost('pending') });
  expect(screen.getByText('Pending')).toBeTruthy();
  expect(screen.getByText('$15')).toBeTruthy();
  cleanup();
  show(false, 0, vi.fn(), { plainText: '', sharedPost: sharedPost('sold') });
  expect(screen.getByText('Sold')).toBeTruthy();
  cleanup();
  show(false, 0, vi.fn(), { plainText: '', sharedPost: sharedPost('available') });
  expect(screen.queryByText(/^Status: /)).toBeNull();
  expect(screen.queryByText('Pending')).toBeNull();
});
