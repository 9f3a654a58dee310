import { type EditablePost, LISTING_MESSAGES, type PostBoostStatus } from '@campus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, mockApi } from '@/testing/api.ts';
import { testAuthor, testPost } from '@/testing/data.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { testViewer } from '@/testing/viewer.ts';

/** The post page's listing controls (docs/product/selling.md): Edit as a dialog on wide screens, Expired and Renew. */
const seller = testAuthor({ id: 'u2' });
const owner = testViewer({ id: 'u2', username: seller.username, bio: 'Junior', profileSetUp: true });
const saved: EditablePost = {
  id: 'p1',
  text: null,
  plainText: 'Desk lamp',
  category: null,
  priceCents: 6000,
  condition: null,
  media: [],
};
const boost: PostBoostStatus = {
  isOwner: true,
  ad: null,
  ownerAction: 'boost',
  paused: false,
  cta: null,
  adRunning: false,
};
const ownerControls = {
  'GET /api/posts/:postId/boost': boost,
  'POST /api/posts/:postId/alert': { alert: null },
} as const;
const pageOf = (over: Parameters<typeof testPost>[0] = {}) => ({
  post: testPost({ author: seller, priceCents: 6000, ...over }),
  ancestors: [],
  comments: [],
});

describe('/post/{id}: listing controls', () => {
  it('opens Edit as a dialog on a wide screen; saving closes it and the page reads the post again', async () => {
    let page = pageOf();
    mockApi({
      ...ownerControls,
      'GET /api/posts/:postId': () => page,
      'GET /api/posts/:postId/edit': saved,
      'PATCH /api/posts/:postId': () => {
        page = pageOf({ priceCents: 4500, previousPriceCents: 6000, editedAt: '2026-11-27T06:00:00.000Z' });
        return page.post;
      },
    });
    renderApp('/post/p1', { viewer: owner });
    fireEvent.click(await screen.findByRole('button', { name: LISTING_MESSAGES.edit }));
    const dialog = await screen.findByRole('dialog', { name: LISTING_MESSAGES.editListing });
    const price = await within(dialog).findByRole('textbox', { name: 'Price in US dollars' });
    fireEvent.change(price, { target: { value: '45' } });
    fireEvent.click(within(dialog).getByRole('button', { name: LISTING_MESSAGES.saveChanges }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: LISTING_MESSAGES.editListing })).toBeNull());
    const [sent] = callsTo('PATCH /api/posts/:postId');
    expect(JSON.parse(String((sent?.body as FormData | undefined)?.get('post')))).toMatchObject({
      priceCents: 4500,
      media: [],
    });
    const post = screen.getByRole('article', { name: /^Post by / });
    await waitFor(() => expect(post.querySelector('s')?.textContent).toBe('Was $60'));
    expect(within(post).getByText(LISTING_MESSAGES.edited)).toBeTruthy();
    expect(await screen.findByText(LISTING_MESSAGES.saved)).toBeTruthy();
  });

  it('asks before closing the dialog with unsaved changes, and closes at once without any', async () => {
    mockApi({ ...ownerControls, 'GET /api/posts/:postId': pageOf(), 'GET /api/posts/:postId/edit': saved });
    renderApp('/post/p1', { viewer: owner });
    fireEvent.click(await screen.findByRole('button', { name: LISTING_MESSAGES.edit }));
    let dialog = await screen.findByRole('dialog', { name: LISTING_MESSAGES.editListing });
    await within(dialog).findByRole('textbox', { name: 'Price in US dollars' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: LISTING_MESSAGES.editListing })).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: LISTING_MESSAGES.edit }));
    dialog = await screen.findByRole('dialog', { name: LISTING_MESSAGES.editListing });
    fireEvent.change(await within(dialog).findByRole('textbox', { name: 'Price in US dollars' }), {
      target: { value: '45' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    const ask = await screen.findByRole('alertdialog', { name: LISTING_MESSAGES.discardChangesTitle });
    fireEvent.click(within(ask).getByRole('button', { name: LISTING_MESSAGES.keepEditing }));
    expect(screen.getByRole('dialog', { name: LISTING_MESSAGES.editListing })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog', { name: LISTING_MESSAGES.discardChangesTitle })).getByRole(
        'button',
        { name: LISTING_MESSAGES.discard },
      ),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: LISTING_MESSAGES.editListing })).toBeNull());
    expect(callsTo('PATCH /api/posts/:postId')).toHaveLength(0);
  });

  it('offers Edit to the owner only, and Renew on an expired listing to its owner only', async () => {
    mockApi({
      'GET /api/posts/:postId': pageOf({ expired: true }),
      'GET /api/posts/:postId/boost': { ...boost, isOwner: false, ownerAction: null },
    });
    const view = renderApp('/post/p1', { viewer: testViewer({ id: 'u9' }) });
    const post = await screen.findByRole('article', { name: /^Post by / });
    expect(within(post).getByText(LISTING_MESSAGES.expired)).toBeTruthy();
    expect(within(post).getByText(LISTING_MESSAGES.expiredNote)).toBeTruthy();
    expect(within(post).queryByRole('button', { name: LISTING_MESSAGES.renew })).toBeNull();
    expect(within(post).queryByRole('button', { name: LISTING_MESSAGES.edit })).toBeNull();
    view.unmount();

    mockApi({
      ...ownerControls,
      'GET /api/posts/:postId': pageOf({ expired: true }),
      'POST /api/posts/:postId/renew': testPost({ author: seller }),
    });
    renderApp('/post/p1', { viewer: owner });
    const own = await screen.findByRole('article', { name: /^Post by / });
    expect(within(own).getByRole('button', { name: LISTING_MESSAGES.edit })).toBeTruthy();
    fireEvent.click(within(own).getByRole('button', { name: LISTING_MESSAGES.renew }));
    await waitFor(() => expect(callsTo('POST /api/posts/:postId/renew')).toHaveLength(1));
    expect(await screen.findByText(LISTING_MESSAGES.renewed)).toBeTruthy();
  });
});
