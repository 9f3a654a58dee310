import {
  MODERATION_MESSAGES,
  MODERATION_SCREEN_TEXTS,
  type PostBoostStatus,
  REPORT_REASON_LABELS,
} from '@campus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, mockApi, refuse } from '@/testing/api.ts';
import { testCampus } from '@/testing/campus.ts';
import { testAuthor, testChat, testMessage, testPost } from '@/testing/data.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { testViewer } from '@/testing/viewer.ts';

/*
 * Report anything (docs/product/moderation.md#reporting): the one report sheet, opened here from
 * a post page's Report, with its reasons, optional note, refusals, the 'already reported' answer,
 * Escape and the focus going back; and from a comment's Report and a chat message's '⋯', each
 * for its own target. The real route table against the mocked API.
 */

const seller = testAuthor({ id: 'u2' });
const lamp = testPost({ id: 'p1', author: seller, plainText: 'Desk lamp, barely used' });
const noBoost: PostBoostStatus = {
  isOwner: false,
  ad: null,
  ownerAction: null,
  paused: false,
  cta: null,
  adRunning: false,
};

function mockPostPage() {
  mockApi({
    'GET /api/posts/:postId': { post: lamp, ancestors: [], comments: [] },
    'GET /api/posts/:postId/boost': noBoost,
  });
}

async function openReport() {
  const button = await screen.findByRole('button', { name: MODERATION_SCREEN_TEXTS.report }, { timeout: 5000 });
  // As a press does: the button has the focus, which the sheet gives back when it closes.
  button.focus();
  fireEvent.click(button);
  const dialog = await screen.findByRole('dialog', { name: MODERATION_MESSAGES.reportTitle.post });
  return { button, dialog };
}

describe('the report sheet', () => {
  it('asks for a reason first, sends it with the note, thanks, and gives the focus back when done', async () => {
    mockPostPage();
    mockApi({ 'POST /api/reports': { message: MODERATION_MESSAGES.reported, reportId: 'r1', alreadyReported: false } });
    renderApp('/post/p1');
    const { button, dialog } = await openReport();
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(Object.values(REPORT_REASON_LABELS));

    fireEvent.click(within(dialog).getByRole('button', { name: MODERATION_MESSAGES.send }));
    expect(await within(dialog).findByText(MODERATION_MESSAGES.reasonRequired)).toBeTruthy();
    expect(callsTo('POST /api/reports')).toEqual([]);

    fireEvent.click(within(dialog).getByRole('radio', { name: REPORT_REASON_LABELS.scam }));
    fireEvent.change(within(dialog).getByLabelText(MODERATION_MESSAGES.noteLabel), {
      target: { value: '  Wants a gift card before meeting  ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: MODERATION_MESSAGES.send }));
    expect(await within(dialog).findByText(MODERATION_MESSAGES.reported)).toBeTruthy();
    expect(callsTo('POST /api/reports').map((c) => c.body)).toEqual([
      { target: { type: 'post', id: 'p1' }, reason: 'scam', note: 'Wants a gift card before meeting' },
    ]);

    fireEvent.click(within(dialog).getByRole('button', { name: MODERATION_SCREEN_TEXTS.done }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('says so when the person had already reported it, and nothing more is stored', async () => {
    mockPostPage();
    mockApi({ 'POST /api/reports': { message: MODERATION_MESSAGES.reported, reportId: 'r1', alreadyReported: true } });
    renderApp('/post/p1');
    const { dialog } = await openReport();
    fireEvent.click(within(dialog).getByRole('radio', { name: REPORT_REASON_LABELS.spam }));
    fireEvent.click(within(dialog).getByRole('button', { name: MODERATION_MESSAGES.send }));
    expect(await within(dialog).findByText(MODERATION_SCREEN_TEXTS.alreadyReported)).toBeTruthy();
    expect(within(dialog).queryByText(MODERATION_MESSAGES.reported)).toBeNull();
  });

  it("shows the server's refusal in the sheet and keeps the note; a note over 500 is refused before sending", async () => {
    mockPostPage();
    mockApi({ 'POST /api/reports': refuse(404, 'TARGET_NOT_FOUND', MODERATION_MESSAGES.targetNotFound) });
    renderApp('/post/p1');
    const { dialog } = await openReport();
    fireEvent.click(within(dialog).getByRole('radio', { name: REPORT_REASON_LABELS.other }));
    const note = within(dialog).getByLabelText(MODERATION_MESSAGES.noteLabel) as HTMLTextAreaElement;

    fireEvent.change(note, { target: { value: 'x'.repeat(501) } });
    expect(within(dialog).getByText('501 / 500')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: MODERATION_MESSAGES.send }));
    expect(await within(dialog).findByText(MODERATION_MESSAGES.noteTooLong)).toBeTruthy();
    expect(callsTo('POST /api/reports')).toEqual([]);

    fireEvent.change(note, { target: { value: 'It is a stolen bike' } });
    fireEvent.click(within(dialog).getByRole('button', { name: MODERATION_MESSAGES.send }));
    expect(await within(dialog).findByText(MODERATION_MESSAGES.targetNotFound)).toBeTruthy();
    expect(note.value).toBe('It is a stolen bike');
  });

  it('closes on Escape without sending anything', async () => {
    mockPostPage();
    renderApp('/post/p1');
    const { dialog } = await openReport();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('POST /api/reports')).toEqual([]);
  });

  it("a comment's Report opens the same sheet, for that comment", async () => {
    const commenter = testAuthor({ id: 'u3', firstName: 'Cleo', lastName: 'Commenter', username: 'cleo' });
    const comment = testPost({
      id: 'c7',
      parentId: 'p1',
      rootId: 'p1',
      author: commenter,
      plainText: 'DM me on insta',
    });
    mockApi({
      'GET /api/posts/:postId': { post: lamp, ancestors: [], comments: [{ ...comment, replies: [] }] },
      'GET /api/posts/:postId/boost': noBoost,
      'POST /api/reports': { message: MODERATION_MESSAGES.reported, reportId: 'r2', alreadyReported: false },
    });
    renderApp('/post/p1');
    const article = await screen.findByRole('article', { name: 'Comment by Cleo Commenter' });
    fireEvent.click(within(article).getByRole('button', { name: MODERATION_SCREEN_TEXTS.report }));
    const dialog = await screen.findByRole('dialog', { name: MODERATION_MESSAGES.reportTitle.comment });
    fireEvent.click(within(dialog).getByRole('radio', { name: REPORT_REASON_LABELS.spam }));
    fireEvent.click(within(dialog).getByRole('button', { name: MODERATION_MESSAGES.send }));
    expect(await within(dialog).findByText(MODERATION_MESSAGES.reported)).toBeTruthy();
    expect(callsTo('POST /api/reports').map((c) => c.body)).toEqual([
      { target: { type: 'comment', id: 'c7' }, reason: 'spam' },
    ]);
  });

  it("a chat message's '⋯' reports that message, and only the other person's messages offer it", async () => {
    const chat = testChat({ id: 'c1', lastMessage: 'Is it still there?' });
    mockApi({
      'GET /api/chats': { chats: [chat], nextCursor: null },
      'GET /api/chats/:chatId': {
        chat,
        messages: [
          testMessage({ id: 'm2', senderId: 'u1', plainText: 'Can I see it first?' }),
          testMessage({ id: 'm1', senderId: 'u2', plainText: 'Venmo me first' }),
        ],
        nextCursor: null,
      },
      'POST /api/chats/:chatId/seen': { unread: false },
      'GET /api/chats/:chatId/meetups': { meetups: [], pinned: null },
      'POST /api/reports': { message: MODERATION_MESSAGES.reported, reportId: 'r3', alreadyReported: false },
    });
    renderApp('/messages/c1');
    const theirs = (await screen.findByText('Venmo me first')).closest('li') as HTMLElement;
    const mine = screen.getByText('Can I see it first?').closest('li') as HTMLElement;
    expect(within(mine).queryByRole('button', { name: MODERATION_SCREEN_TEXTS.messageOptions })).toBeNull();
    // A press: Radix's trigger opens on the pointer going down, the plain one (before the menu
    // code is in) on the click.
    const options = within(theirs).getByRole('button', { name: MODERATION_SCREEN_TEXTS.messageOptions });
    fireEvent.pointerDown(options, { button: 0 });
    fireEvent.click(options);
    fireEvent.click(await screen.findByRole('menuitem', { name: MODERATION_MESSAGES.reportTitle.message }));
    const dialog = await screen.findByRole('dialog', { name: MODERATION_MESSAGES.reportTitle.message });
    fireEvent.click(within(dialog).getByRole('radio', { name: REPORT_REASON_LABELS.scam }));
    fireEvent.change(within(dialog).getByLabelText(MODERATION_MESSAGES.noteLabel), {
      target: { value: 'Wants Venmo before meeting' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: MODERATION_MESSAGES.send }));
    expect(await within(dialog).findByText(MODERATION_MESSAGES.reported)).toBeTruthy();
    expect(callsTo('POST /api/reports').map((c) => c.body)).toEqual([
      { target: { type: 'message', id: 'm1' }, reason: 'scam', note: 'Wants Venmo before meeting' },
    ]);
  });

  it('is not offered on one’s own post', async () => {
    mockPostPage();
    mockApi({ 'POST /api/posts/:postId/alert': { alert: null } });
    renderApp('/post/p1', { viewer: testViewer({ id: 'u2', campusId: testCampus().id }) });
    expect(await screen.findByText('Desk lamp, barely used')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: MODERATION_SCREEN_TEXTS.report })).toBeNull();
  });
});
