import { CHAT_MESSAGES, CHAT_SERVER_MESSAGES, type Message } from '@campus/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, mockApi, refuse } from '@/testing/api.ts';
import { testChat, testMessage } from '@/testing/data.ts';
import { renderApp } from '@/testing/render-app.tsx';

const chat = testChat({ id: 'c1', lastMessage: 'Is the lamp still available?', unread: true });

describe('/messages', () => {
  it('lists the conversations with the other person, their last message and the unread marker', async () => {
    mockApi({
      'GET /api/chats': {
        chats: [
          chat,
          testChat({
            id: 'c2',
            otherUser: { ...chat.otherUser, id: 'u3', username: 'samq', firstName: 'Sam', lastName: 'Quinn' },
            lastMessage: 'Thanks!',
          }),
        ],
        nextCursor: null,
      },
    });
    renderApp('/messages');
    await screen.findByRole('link', { name: /Jordan Lee/ });
    const inbox = screen.getByRole('region', { name: 'Conversations' });
    const rows = within(inbox).getAllByRole('link');
    expect(rows.map((row) => row.getAttribute('href'))).toEqual(['/messages/c1', '/messages/c2']);
    expect(within(rows[0] as HTMLElement).getByText('Jordan Lee')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('Is the lamp still available?')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('Unread')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).queryByText('Unread')).toBeNull();
    expect(screen.getByText('Select a message')).toBeTruthy();
  });

  it('says so when there are no conversations yet', async () => {
    mockApi({ 'GET /api/chats': { chats: [], nextCursor: null } });
    renderApp('/messages');
    expect(await screen.findByText('No messages yet')).toBeTruthy();
  });
});

describe('/messages/{chatId}', () => {
  /** The chat as the API keeps it: what a send adds shows on the next read. */
  function mockChat(messages: Message[]) {
    mockApi({
      'GET /api/chats': { chats: [chat], nextCursor: null },
      'GET /api/chats/:chatId': () => ({ chat, messages: [...messages].reverse(), nextCursor: null }),
      'POST /api/chats/:chatId/seen': { unread: false },
      'GET /api/chats/:chatId/meetups': { meetups: [], pinned: null },
    });
  }

  it('opens the conversation and marks it read', async () => {
    mockChat([testMessage()]);
    renderApp('/messages/c1');
    const pane = await screen.findByRole('region', { name: 'Conversation with Jordan Lee' });
    expect(within(pane).getByText('Is the lamp still available?')).toBeTruthy();
    // The open chat is read at once, even before the server has heard so (docs/decisions/030-feed-ads-and-rough-edges.md).
    const row = within(screen.getByRole('region', { name: 'Conversations' })).getByRole('link', { current: 'page' });
    expect(within(row).queryByText('Unread')).toBeNull();
    await expect.poll(() => callsTo('POST /api/chats/:chatId/seen').map((call) => call.params.chatId)).toEqual(['c1']);
  });

  it('sends a message and shows it in the conversation', async () => {
    const messages = [testMessage()];
    mockChat(messages);
    mockApi({
      'POST /api/chats/:chatId/messages': ({ params }) => {
        const sent = testMessage({
          id: 'm2',
          chatId: params.chatId,
          senderId: 'u1',
          plainText: 'Yes, it is!',
          status: 'delivered',
        });
        messages.push(sent);
        return sent;
      },
    });
    renderApp('/messages/c1');
    const box = await screen.findByRole('textbox', { name: 'Write a message' });
    fireEvent.change(box, { target: { value: 'Yes, it is!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));

    const list = screen.getByRole('list', { name: 'Messages' });
    expect(await within(list).findByText('Yes, it is!')).toBeTruthy();
    expect(within(list).getByText(new RegExp(CHAT_MESSAGES.delivered))).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe('');
    const [send] = callsTo('POST /api/chats/:chatId/messages');
    expect(send?.params.chatId).toBe('c1');
    const form = send?.body as FormData;
    expect(JSON.parse(String(form.get('message')))).toEqual({ plainText: 'Yes, it is!', text: 'Yes, it is!' });
    expect(form.get('file')).toBeNull();
  });

  it("shows the API's refusal word for word and keeps what was typed", async () => {
    mockChat([testMessage()]);
    mockApi({ 'POST /api/chats/:chatId/messages': refuse(403, 'BLOCKED', CHAT_SERVER_MESSAGES.blocked) });
    renderApp('/messages/c1');
    const box = await screen.findByRole('textbox', { name: 'Write a message' });
    fireEvent.change(box, { target: { value: 'Still there?' } });
    fireEvent.keyDown(box, { key: 'Enter' });

    expect(await screen.findByText(CHAT_SERVER_MESSAGES.blocked)).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe('Still there?');
    expect(callsTo('POST /api/chats/:chatId/messages')).toHaveLength(1);
  });

  it("says the conversation doesn't exist when the API does not find it", async () => {
    mockApi({
      'GET /api/chats': { chats: [], nextCursor: null },
      'GET /api/chats/:chatId': refuse(404, 'CHAT_NOT_FOUND', CHAT_MESSAGES.notFound),
    });
    renderApp('/messages/nope');
    expect(await screen.findByText(CHAT_MESSAGES.notFound)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go To Messages' }).getAttribute('href')).toBe('/messages');
  });
});
