import type { Message } from '@campus/contract';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { MessageBubble } from './message-bubble.tsx';

afterEach(cleanup);

const message = (likesCount: number): Message => ({
  id: 'm1',
  chatId: 'c1',
  senderId: 'u1',
  text: null,
  plainText: 'Is the lamp still available?',
  photo: null,
  sharedPost: null,
  offerId: null,
  likesCount,
  likedByViewer: false,
  status: null,
  createdAt: '2026-11-27T01:00:00.000Z',
});

const show = (own: boolean, likesCount: number, onHeart = vi.fn()) =>
  render(
    <MemoryRouter>
      <ol>
        <MessageBubble
          message={message(likesCount)}
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
