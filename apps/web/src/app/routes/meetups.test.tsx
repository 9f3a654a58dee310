import {
  addDays,
  campusDay,
  MEETUP_TEXTS,
  type Meetup,
  type Message,
  meetupSpotsOf,
  SCAM_WARNING_TEXT,
} from '@campus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, mockApi, refuse } from '@/testing/api.ts';
import { testChat, testMessage } from '@/testing/data.ts';
import { renderApp } from '@/testing/render-app.tsx';

/*
 * Meet-ups and scam warnings in a chat (docs/product/safety.md): the meet-up card, Suggest a
 * meet-up, the pinned meet-up and the quiet warning, drawn by the real routes against the mocked API.
 */

const chat = testChat({ id: 'c1', lastMessage: 'Meet-up: OU Police Department lobby' });
const police = meetupSpotsOf('ou').find((s) => s.id === 'ou-police');
if (!police) throw new Error('OU has a police lobby spot');

const testMeetup = (over: Partial<Meetup> = {}): Meetup => ({
  id: 'mu1',
  chatId: 'c1',
  fromUserId: 'u2',
  toUserId: 'u1',
  spot: police,
  startsAt: '2026-12-04T21:30:00.000Z',
  timeZone: 'America/Chicago',
  status: 'open',
  canAnswer: true,
  createdAt: '2026-11-27T10:00:00.000Z',
  ...over,
});

const meetupMessage = (over: Partial<Message> = {}) =>
  testMessage({ id: 'm9', senderId: 'u2', plainText: 'Meet-up: OU Police Department lobby', meetupId: 'mu1', ...over });

function mockChat(messages: Message[], meetups: () => { meetups: Meetup[]; pinned: Meetup | null }) {
  mockApi({
    'GET /api/chats': { chats: [chat], nextCursor: null },
    'GET /api/chats/:chatId': { chat, messages: [...messages].reverse(), nextCursor: null },
    'POST /api/chats/:chatId/seen': { unread: false },
    'GET /api/chats/:chatId/meetups': () => meetups(),
  });
}

describe('a meet-up card in the chat', () => {
  it('shows the place and campus time with Accept; once accepted it reads Accepted and is pinned on top', async () => {
    let meetup = testMeetup();
    mockChat([meetupMessage()], () => ({ meetups: [meetup], pinned: meetup.status === 'accepted' ? meetup : null }));
    mockApi({
      'POST /api/meetups/:meetupId/accept': () => {
        meetup = { ...meetup, status: 'accepted', canAnswer: false };
        return { meetup };
      },
    });
    renderApp('/messages/c1');
    const card = await screen.findByRole('region', {
      name: 'Meet-up suggested: OU Police Department lobby, Fri, Dec 4 at 3:30 PM',
    });
    expect(within(card).getByText(`${MEETUP_TEXTS.hoursLabel}: ${police.hours}`)).toBeTruthy();
    expect(within(card).getByRole('button', { name: MEETUP_TEXTS.suggestAnother })).toBeTruthy();
    expect(screen.queryByRole('complementary', { name: MEETUP_TEXTS.pinnedLabel })).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: MEETUP_TEXTS.accept }));
    await waitFor(() => expect(within(card).getByRole('status').textContent).toBe('Accepted'));
    expect(callsTo('POST /api/meetups/:meetupId/accept').map((c) => c.params.meetupId)).toEqual(['mu1']);
    const pinned = await screen.findByRole('complementary', { name: MEETUP_TEXTS.pinnedLabel });
    expect(within(pinned).getByText('OU Police Department lobby')).toBeTruthy();
    expect(within(pinned).getByText('Fri, Dec 4 at 3:30 PM')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: MEETUP_TEXTS.accept })).toBeNull();
  });

  it("shows one's own suggestion without answers, and a replaced one as such", async () => {
    mockChat([meetupMessage({ senderId: 'u1' })], () => ({
      meetups: [testMeetup({ fromUserId: 'u1', toUserId: 'u2', status: 'replaced', canAnswer: false })],
      pinned: null,
    }));
    renderApp('/messages/c1');
    const card = await screen.findByRole('region', { name: /^You suggested a meet-up: OU Police Department lobby/ });
    expect(within(card).getByRole('status').textContent).toBe('Another time was suggested');
    expect(within(card).queryByRole('button')).toBeNull();
  });
});

describe('Suggest another', () => {
  it("answers the other person's card with a new suggestion from the same dialog", async () => {
    mockChat([meetupMessage()], () => ({ meetups: [testMeetup()], pinned: null }));
    mockApi({
      'POST /api/chats/:chatId/meetups': { meetup: testMeetup({ id: 'mu2', fromUserId: 'u1', toUserId: 'u2' }) },
    });
    renderApp('/messages/c1');
    const card = await screen.findByRole('region', { name: /^Meet-up suggested: OU Police Department lobby/ });
    fireEvent.click(within(card).getByRole('button', { name: MEETUP_TEXTS.suggestAnother }));
    const dialog = await screen.findByRole('dialog', { name: MEETUP_TEXTS.anotherTitle });
    fireEvent.click(within(dialog).getByRole('radio', { name: /Oklahoma Memorial Union/ }));
    const day = addDays(campusDay(new Date(), 'America/Chicago'), 1);
    fireEvent.change(within(dialog).getByLabelText(MEETUP_TEXTS.dayLabel), { target: { value: day } });
    fireEvent.change(within(dialog).getByLabelText(MEETUP_TEXTS.timeLabel), { target: { value: '12:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: MEETUP_TEXTS.send }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: MEETUP_TEXTS.anotherTitle })).toBeNull());
    expect(callsTo('POST /api/chats/:chatId/meetups').map((c) => c.body)).toEqual([
      { spotId: 'ou-union', day, time: '12:00' },
    ]);
  });
});

describe('Suggest a meet-up', () => {
  it("sends one of the campus's spots with a day and time, and shows the server's refusal in the dialog", async () => {
    mockChat([testMessage({ id: 'm1' })], () => ({ meetups: [], pinned: null }));
    let tries = 0;
    mockApi({
      'POST /api/chats/:chatId/meetups': () => {
        tries += 1;
        if (tries === 1) return refuse(400, 'MEETUP_IN_THE_PAST', MEETUP_TEXTS.inThePast);
        return { meetup: testMeetup({ fromUserId: 'u1', toUserId: 'u2', canAnswer: false }) };
      },
    });
    renderApp('/messages/c1');
    fireEvent.click(await screen.findByRole('button', { name: MEETUP_TEXTS.suggest }));
    const dialog = await screen.findByRole('dialog', { name: MEETUP_TEXTS.dialogTitle });
    const places = within(dialog).getAllByRole('radio');
    expect(places).toHaveLength(meetupSpotsOf('ou').length);
    fireEvent.click(within(dialog).getByRole('radio', { name: /Bizzell Memorial Library/ }));
    const day = addDays(campusDay(new Date(), 'America/Chicago'), 2);
    fireEvent.change(within(dialog).getByLabelText(MEETUP_TEXTS.dayLabel), { target: { value: day } });
    // No time yet: said here, nothing sent.
    fireEvent.click(within(dialog).getByRole('button', { name: MEETUP_TEXTS.send }));
    expect(within(dialog).getByRole('alert').textContent).toBe(MEETUP_TEXTS.timeInvalid);
    expect(callsTo('POST /api/chats/:chatId/meetups')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(MEETUP_TEXTS.timeLabel), { target: { value: '15:30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: MEETUP_TEXTS.send }));
    expect(await within(dialog).findByText(MEETUP_TEXTS.inThePast)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: MEETUP_TEXTS.send }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: MEETUP_TEXTS.dialogTitle })).toBeNull());
    expect(callsTo('POST /api/chats/:chatId/meetups').map((c) => [c.params.chatId, c.body])).toEqual([
      ['c1', { spotId: 'ou-library', day, time: '15:30' }],
      ['c1', { spotId: 'ou-library', day, time: '15:30' }],
    ]);
  });
});

describe('scam warnings', () => {
  it('shows the quiet warning under a flagged message from the other person only', async () => {
    mockChat(
      [
        testMessage({ id: 'm1', senderId: 'u2', plainText: 'send me the money on Zelle first', scamWarning: true }),
        testMessage({ id: 'm2', senderId: 'u1', plainText: 'I can pay cash when we meet' }),
      ],
      () => ({ meetups: [], pinned: null }),
    );
    renderApp('/messages/c1');
    const flagged = (await screen.findByText('send me the money on Zelle first')).closest('li') as HTMLElement;
    expect(within(flagged).getByText(SCAM_WARNING_TEXT, { exact: false })).toBeTruthy();
    const own = screen.getByText('I can pay cash when we meet').closest('li') as HTMLElement;
    expect(within(own).queryByText(SCAM_WARNING_TEXT, { exact: false })).toBeNull();
    expect(screen.getAllByText(SCAM_WARNING_TEXT, { exact: false })).toHaveLength(1);
  });
});

describe('Trust & Safety', () => {
  it("lists the campus's meet-up spots with their hours", async () => {
    renderApp('/settings/trust_and_safety');
    expect(await screen.findByRole('heading', { name: MEETUP_TEXTS.safetyHeading })).toBeTruthy();
    for (const spot of meetupSpotsOf('ou')) {
      expect(screen.getByText(spot.name)).toBeTruthy();
    }
    expect(screen.getByText(`${MEETUP_TEXTS.hoursLabel}: ${police.hours}`)).toBeTruthy();
  });
});
