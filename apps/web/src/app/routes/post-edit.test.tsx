import { type EditablePost, LISTING_MESSAGES, POST_DETAIL_MESSAGES } from '@campus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, mockApi, refuse } from '@/testing/api.ts';
import { testAuthor, testPost } from '@/testing/data.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { testViewer } from '@/testing/viewer.ts';

/**
 * /post/{id}/edit (docs/product/selling.md#editing-a-listing): the edit form as a page. The text box
 * itself is typed for real in Chromium (e2e/selling-edit.spec.ts).
 */
const owner = testViewer({ id: 'u2', username: 'jordanlee', bio: 'Junior', profileSetUp: true });
const photo = (id: string) => ({
  id,
  kind: 'image' as const,
  url: `/media/${id}.webp`,
  fullUrl: `/media/${id}-full.webp`,
  width: 100,
  height: 100,
});
const saved: EditablePost = {
  id: 'p1',
  text: null,
  plainText: 'Desk lamp\nBarely used',
  category: 'furniture',
  priceCents: 6000,
  condition: null,
  media: [photo('red'), photo('blue')],
};
const page = { post: testPost({ author: testAuthor({ id: 'u2' }) }), ancestors: [], comments: [] };
const bodyOf = (call: { body: unknown }) => JSON.parse(String((call.body as FormData).get('post')));

describe('/post/:postId/edit', () => {
  it('shows the saved listing, reorders and removes photos by keyboard buttons, sets a condition, saves and goes to the post', async () => {
    mockApi({
      'GET /api/posts/:postId/edit': saved,
      'PATCH /api/posts/:postId': testPost({ condition: 'like new', editedAt: '2026-11-01T00:00:00.000Z' }),
      'GET /api/posts/:postId': page,
      'GET /api/posts/:postId/boost': {
        isOwner: true,
        ad: null,
        ownerAction: 'boost',
        paused: false,
        cta: null,
        adRunning: false,
      },
    });
    const { router } = renderApp('/post/p1/edit', { viewer: owner });
    const form = await screen.findByRole('form', { name: LISTING_MESSAGES.editListing });
    const order = () =>
      within(form)
        .getAllByRole('img')
        .map((img) => img.getAttribute('src'));
    expect(order()).toEqual(['/media/red.webp', '/media/blue.webp']);
    // The first photo cannot move earlier, the last not later.
    expect(
      (within(form).getByRole('button', { name: `${LISTING_MESSAGES.moveEarlier}: Photo 1 of 2` }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);

    fireEvent.click(within(form).getByRole('button', { name: `${LISTING_MESSAGES.moveLater}: Photo 1 of 2` }));
    expect(order()).toEqual(['/media/blue.webp', '/media/red.webp']);
    fireEvent.change(within(form).getByRole('combobox', { name: LISTING_MESSAGES.condition }), {
      target: { value: 'like new' },
    });
    fireEvent.click(within(form).getByRole('button', { name: LISTING_MESSAGES.saveChanges }));

    await waitFor(() => expect(callsTo('PATCH /api/posts/:postId')).toHaveLength(1));
    const [call] = callsTo('PATCH /api/posts/:postId');
    expect(call?.params.postId).toBe('p1');
    expect(bodyOf(call as { body: unknown })).toMatchObject({
      plainText: 'Desk lamp\nBarely used',
      category: 'furniture',
      priceCents: 6000,
      condition: 'like new',
      media: [{ id: 'blue' }, { id: 'red' }],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/post/p1'));
  });

  it('keeps the form and says why when the server refuses, and sends a removed photo no more', async () => {
    mockApi({
      'GET /api/posts/:postId/edit': saved,
      'PATCH /api/posts/:postId': refuse(400, 'MEDIA_NOT_FOUND', LISTING_MESSAGES.mediaNotFound),
    });
    const { router } = renderApp('/post/p1/edit', { viewer: owner });
    const form = await screen.findByRole('form', { name: LISTING_MESSAGES.editListing });
    fireEvent.click(within(form).getByRole('button', { name: `${LISTING_MESSAGES.removePhoto}: Photo 2 of 2` }));
    fireEvent.click(within(form).getByRole('button', { name: LISTING_MESSAGES.saveChanges }));
    expect(await screen.findByText(LISTING_MESSAGES.mediaNotFound)).toBeTruthy();
    expect(bodyOf(callsTo('PATCH /api/posts/:postId')[0] as { body: unknown }).media).toEqual([{ id: 'red' }]);
    expect(router.state.location.pathname).toBe('/post/p1/edit');
    // The button is back for another try.
    expect(
      (within(form).getByRole('button', { name: LISTING_MESSAGES.saveChanges }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it('shows a loading shape, then the missing post for someone else’s listing', async () => {
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    mockApi({
      'GET /api/posts/:postId/edit': async () => {
        await answered;
        return refuse(404, 'POST_NOT_FOUND', POST_DETAIL_MESSAGES.postGone);
      },
    });
    renderApp('/post/p1/edit', { viewer: testViewer({ id: 'u9' }) });
    await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).not.toBeNull());
    answer();
    expect(await screen.findByText(POST_DETAIL_MESSAGES.postGone)).toBeTruthy();
    expect(screen.queryByRole('form', { name: LISTING_MESSAGES.editListing })).toBeNull();
  });
});
