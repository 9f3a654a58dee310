import {
  MODERATION_MESSAGES,
  MODERATION_SCREEN_TEXTS,
  type ModerationQueue,
  NOT_FOUND_TEXTS,
  REPORT_REASON_LABELS,
} from '@campus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, mockApi, refuse } from '@/testing/api.ts';
import { testCampus } from '@/testing/campus.ts';
import { testAuthor, testContextItem, testLogEntry, testQueueGroup } from '@/testing/data.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { testViewer } from '@/testing/viewer.ts';

/*
 * /moderation (docs/product/moderation.md#the-queue): the queue grouped by target with its
 * context and reports, the actions with their reasons and confirmations, the audit log; and
 * nobody but the campus's moderators gets it. The real route table against the mocked API.
 */

const moderator = testViewer({ campusId: testCampus().id, moderator: true });
const page = (groups: ModerationQueue['groups'], nextCursor: string | null = null): ModerationQueue => ({
  groups,
  nextCursor,
});

describe('/moderation', () => {
  it('is the not-found page for a member who does not moderate, and for a visitor; the queue is never asked for', async () => {
    renderApp('/moderation');
    expect(await screen.findByRole('heading', { name: NOT_FOUND_TEXTS.pageDoesNotExist })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main' })?.textContent ?? '').not.toContain(
      MODERATION_MESSAGES.nav,
    );
    expect(callsTo('GET /api/moderation/queue')).toEqual([]);
  });

  it('is the not-found page for a visitor', async () => {
    renderApp('/moderation', { viewer: null });
    expect(await screen.findByRole('heading', { name: NOT_FOUND_TEXTS.pageDoesNotExist })).toBeTruthy();
    expect(callsTo('GET /api/moderation/queue')).toEqual([]);
  });

  it('shows a moderator each group with its content, context and reports, oldest first, and the nav entry', async () => {
    const hiddenPost = testQueueGroup({
      reportCount: 3,
      moderation: 'hidden',
      content: { type: 'post', post: testContextItem({ moderation: 'hidden' }) },
    });
    const message = testQueueGroup({
      target: { type: 'message', id: 'm2' },
      author: testAuthor({ id: 'u5', username: 'caseyq', firstName: 'Casey', lastName: 'Quinn' }),
      authorStanding: { status: 'suspended', until: '2026-12-04T21:30:00.000Z', reason: 'Spam' },
      reports: [
        {
          id: 'rep2',
          reporter: testAuthor(),
          reason: 'harassment',
          note: null,
          createdAt: '2026-01-06T10:00:00.000Z',
        },
      ],
      content: {
        type: 'message',
        chatId: 'c1',
        lines: [
          testContextItem({
            id: 'm1',
            plainText: 'Is the desk still available?',
            reported: false,
            author: testAuthor(),
          }),
          testContextItem({ id: 'm2', plainText: 'Send the money or else', reported: true }),
        ],
      },
    });
    mockApi({ 'GET /api/moderation/queue': page([hiddenPost, message]) });
    renderApp('/moderation', { viewer: moderator });

    const post = await screen.findByRole('article', { name: 'Post by Jordan Lee' });
    expect(within(post).getByText(MODERATION_MESSAGES.reportCount(3))).toBeTruthy();
    expect(within(post).getAllByText(MODERATION_MESSAGES.autoHidden).length).toBeGreaterThan(0);
    expect(within(post).getByText('Selling my TI-84, pay by gift card first')).toBeTruthy();
    expect(within(post).getByText(REPORT_REASON_LABELS.scam)).toBeTruthy();
    expect(within(post).getByText(MODERATION_SCREEN_TEXTS.reportedBy('Riley Kim'))).toBeTruthy();
    expect(within(post).getByText('Asked me for a gift card code before meeting.')).toBeTruthy();
    expect(within(post).getByRole('link', { name: MODERATION_SCREEN_TEXTS.openPost }).getAttribute('href')).toBe(
      '/post/p9',
    );
    // Hidden content can be restored; the author is in good standing, so suspend and ban are offered.
    const actions = within(post).getByRole('group', { name: MODERATION_SCREEN_TEXTS.actionsLabel('Jordan Lee') });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Dismiss', 'Remove', 'Warn', 'Suspend', 'Ban', 'Restore']);

    // The message sits among its chat lines, marked as the reported one.
    const chat = screen.getByRole('article', { name: 'Message by Casey Quinn' });
    expect(within(chat).getByText(MODERATION_SCREEN_TEXTS.inChat)).toBeTruthy();
    expect(within(chat).getByText('Send the money or else').closest('li')?.getAttribute('aria-current')).toBe('true');
    expect(within(chat).getByText('Is the desk still available?').closest('li')?.hasAttribute('aria-current')).toBe(
      false,
    );
    expect(within(chat).getByText(/^Suspended until /)).toBeTruthy();
    // The order is the server's: oldest first.
    const articles = screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'));
    expect(articles).toEqual(['Post by Jordan Lee', 'Message by Casey Quinn']);

    expect(screen.getByRole('navigation', { name: 'Main' }).textContent).toContain(MODERATION_MESSAGES.nav);
  });

  it("says 'No open reports' when the queue is empty, and offers a retry when it fails to load", async () => {
    let fail = true;
    mockApi({
      'GET /api/moderation/queue': () => (fail ? refuse(404, 'NOT_FOUND', 'Not found.') : page([])),
    });
    renderApp('/moderation', { viewer: moderator });
    expect(await screen.findByText(MODERATION_SCREEN_TEXTS.loadFailed)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: MODERATION_MESSAGES.queueEmptyTitle })).toBeTruthy();
  });

  it('restores a hidden post with a reason, which the dialog asks for first; the group then leaves the queue', async () => {
    let groups = [
      testQueueGroup({
        moderation: 'hidden',
        content: { type: 'post', post: testContextItem({ moderation: 'hidden' }) },
      }),
    ];
    mockApi({
      'GET /api/moderation/queue': () => page(groups),
      'POST /api/moderation/actions': ({ body }) => {
        groups = [];
        return {
          message: MODERATION_MESSAGES.actionDone.restore,
          entry: testLogEntry({ action: 'restore', reason: (body as { reason: string }).reason }),
        };
      },
    });
    renderApp('/moderation', { viewer: moderator });
    const post = await screen.findByRole('article', { name: 'Post by Jordan Lee' });
    fireEvent.click(within(post).getByRole('button', { name: 'Restore' }));
    const dialog = await screen.findByRole('dialog', { name: MODERATION_SCREEN_TEXTS.confirmTitle.restore });

    // No reason: said, nothing sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect(await within(dialog).findByText(MODERATION_MESSAGES.actionReasonRequired)).toBeTruthy();
    expect(callsTo('POST /api/moderation/actions')).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText(MODERATION_MESSAGES.actionReasonLabel), {
      target: { value: '  Reports were a mix-up  ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText(MODERATION_MESSAGES.actionDone.restore)).toBeTruthy();
    expect(callsTo('POST /api/moderation/actions').map((c) => c.body)).toEqual([
      { action: 'restore', target: { type: 'post', id: 'p9' }, reason: 'Reports were a mix-up' },
    ]);
    expect(await screen.findByRole('heading', { name: MODERATION_MESSAGES.queueEmptyTitle })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks once more before suspending, with the length picked; a refusal shows in the dialog and keeps the reason', async () => {
    let refusals = 1;
    mockApi({
      'GET /api/moderation/queue': page([testQueueGroup()]),
      'POST /api/moderation/actions': () => {
        if (refusals-- > 0) return refuse(400, 'CANNOT_MODERATE_SELF', MODERATION_MESSAGES.cannotModerateSelf);
        return {
          message: MODERATION_MESSAGES.actionDone.suspend,
          entry: testLogEntry({ action: 'suspend', days: 30 }),
        };
      },
    });
    renderApp('/moderation', { viewer: moderator });
    const post = await screen.findByRole('article', { name: 'Post by Jordan Lee' });
    fireEvent.click(within(post).getByRole('button', { name: 'Suspend' }));
    let dialog = await screen.findByRole('dialog', { name: 'Suspend Jordan Lee for 7 days?' });
    fireEvent.click(within(dialog).getByRole('radio', { name: '30 days' }));
    dialog = screen.getByRole('dialog', { name: 'Suspend Jordan Lee for 30 days?' });
    const reason = within(dialog).getByLabelText(MODERATION_MESSAGES.actionReasonLabel);
    fireEvent.change(reason, { target: { value: 'Gift card scams, third time' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));

    // The second question: nothing is sent until it is answered.
    const confirm = await screen.findByRole('alertdialog', { name: 'Suspend Jordan Lee for 30 days?' });
    expect(within(confirm).getByText('Reason: Gift card scams, third time')).toBeTruthy();
    expect(callsTo('POST /api/moderation/actions')).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Suspend' }));

    const refused = await screen.findByRole('dialog', { name: 'Suspend Jordan Lee for 30 days?' });
    expect(await within(refused).findByText(MODERATION_MESSAGES.cannotModerateSelf)).toBeTruthy();
    expect((within(refused).getByLabelText(MODERATION_MESSAGES.actionReasonLabel) as HTMLTextAreaElement).value).toBe(
      'Gift card scams, third time',
    );

    fireEvent.click(within(refused).getByRole('button', { name: 'Suspend' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText(MODERATION_MESSAGES.actionDone.suspend)).toBeTruthy();
    expect(callsTo('POST /api/moderation/actions').map((c) => c.body)).toEqual([
      { action: 'suspend', target: { type: 'post', id: 'p9' }, reason: 'Gift card scams, third time', days: 30 },
      { action: 'suspend', target: { type: 'post', id: 'p9' }, reason: 'Gift card scams, third time', days: 30 },
    ]);
  });

  it('pages with Show more', async () => {
    mockApi({
      'GET /api/moderation/queue': ({ query }) =>
        query.get('cursor') === 'next'
          ? page([testQueueGroup({ target: { type: 'user', id: 'u7' }, content: { type: 'gone' } })])
          : page([testQueueGroup()], 'next'),
    });
    renderApp('/moderation', { viewer: moderator });
    await screen.findByRole('article', { name: 'Post by Jordan Lee' });
    fireEvent.click(screen.getByRole('button', { name: MODERATION_SCREEN_TEXTS.loadMore }));
    const member = await screen.findByRole('article', { name: 'Member by Jordan Lee' });
    expect(within(member).getByText(MODERATION_SCREEN_TEXTS.contentGone)).toBeTruthy();
    // A member is not content: no Remove.
    expect(within(member).queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(screen.queryByRole('button', { name: MODERATION_SCREEN_TEXTS.loadMore })).toBeNull();
  });

  it('shows the audit log, read-only, on its tab', async () => {
    mockApi({
      'GET /api/moderation/log': {
        entries: [
          testLogEntry({ id: 'l2', action: 'suspend', target: { type: 'user', id: 'u2' }, days: 7, reason: 'Spam' }),
          testLogEntry(),
        ],
        nextCursor: null,
      },
    });
    renderApp('/moderation?show=log', { viewer: moderator });
    const log = await screen.findByRole('region', { name: MODERATION_MESSAGES.logTitle });
    const rows = within(log).getAllByRole('listitem');
    expect(rows[0]?.textContent).toContain('Avery Carter suspended Jordan Lee (7 days)');
    expect(rows[0]?.textContent).toContain('Reason: Spam');
    expect(rows[1]?.textContent).toContain('Avery Carter removed a post of Jordan Lee');
    expect(within(log).queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: MODERATION_MESSAGES.logTitle }).getAttribute('aria-current')).toBe('page');
    await waitFor(() => expect(callsTo('GET /api/moderation/queue')).toEqual([]));
  });
});
