import type { Viewer } from '@campus/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthModalsProvider } from '@/components/auth-modal/index.ts';
import { AlertProvider } from '@/components/ui/alert-provider.tsx';
import { CampusContext } from '@/lib/campus.ts';
import { opensComposer } from '@/lib/composer-trigger.ts';
import { ViewerContext } from '@/lib/viewer.ts';
import { testCampus } from '@/testing/campus.ts';
import { testViewer } from '@/testing/viewer.ts';
import { useComposer } from '../hooks/use-composer.ts';
import { composerUiStore } from '../lib/composer-store.ts';
import { draftStore } from '../lib/draft-store.ts';
import { preloadComposer } from '../lib/load.ts';
import { ComposerHost } from './composer-host.tsx';

// The real loader, watched: when the composer's code is asked for.
vi.mock('../lib/load.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../lib/load.ts')>();
  return { ...actual, preloadComposer: vi.fn(actual.preloadComposer) };
});

/**
 * Who gets what from Create Post (docs/product/community.md#route-table, docs/product/community.md#post-text-limit, docs/product/community.md#permission-table). No typing here: the editor is tested
 * typed for real in Chromium (e2e/composer.spec.ts).
 */

const OU = testCampus({ logoUrl: '/logo.svg', memberCount: 3 });

const MEMBER = testViewer({ bio: 'Junior at OU.', campusId: OU.id, createdAt: '2026-01-01T00:00:00.000Z' });

function setViewport(mobile: boolean) {
  const matchMedia = (query: string) =>
    ({
      matches: mobile && query.includes('max-width: 769px'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }) as unknown as MediaQueryList;
  Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: matchMedia });
}

function CreatePostButton() {
  const composer = useComposer();
  return (
    <button type="button" {...opensComposer} onClick={() => composer.open()}>
      Create Post
    </button>
  );
}

function renderHome(viewer: Viewer | null) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <AlertProvider>
            <AuthModalsProvider>
              <Outlet />
            </AuthModalsProvider>
          </AlertProvider>
        ),
        children: [
          {
            path: '/home',
            element: (
              <>
                <CreatePostButton />
                <ComposerHost />
              </>
            ),
          },
          { path: '/create/post', element: <p>compose page</p> },
          { path: '/profile/set-up', element: <p>profile set-up</p> },
        ],
      },
    ],
    { initialEntries: ['/home'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <CampusContext.Provider value={OU}>
        <ViewerContext.Provider value={viewer}>
          <RouterProvider router={router} />
        </ViewerContext.Provider>
      </CampusContext.Provider>
    </QueryClientProvider>,
  );
  return router;
}

const clickCreate = () => fireEvent.click(screen.getByRole('button', { name: 'Create Post' }));

beforeEach(() => {
  // The geographic gate's lookup fails here, which lets the visitor through (docs/product/accounts.md#geographic-gate).
  vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
  setViewport(false);
});

afterEach(() => {
  cleanup();
  composerUiStore.closeDialog();
  composerUiStore.closeProfilePrompt();
  draftStore.clear('post');
  vi.unstubAllGlobals();
  Reflect.deleteProperty(window, 'matchMedia');
});

describe('Create Post', () => {
  it('asks a visitor to sign up, with the post message', async () => {
    renderHome(null);
    clickCreate();
    const dialog = await screen.findByRole('dialog', { name: 'Log In / Sign Up' });
    expect(dialog.querySelector('[data-trigger="post"]')).not.toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Create Post' })).toBeNull();
  });

  it('asks someone without a verified school to verify it', async () => {
    renderHome({ ...MEMBER, schoolVerified: false });
    clickCreate();
    const dialog = await screen.findByRole('dialog', { name: 'Verify your account' });
    expect(dialog.textContent).toContain('Verify Account');
  });

  it('tells someone without a picture or bio to finish their profile, and takes them there', async () => {
    const router = renderHome({ ...MEMBER, profileSetUp: false });
    clickCreate();
    const prompt = await screen.findByRole('alertdialog', { name: 'Your profile is not complete' });
    expect(prompt.textContent).toContain('Please pick a profile picture and add a bio before posting.');
    fireEvent.click(screen.getByRole('button', { name: 'Set Up Profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/set-up'));
    const query = new URLSearchParams(router.state.location.search);
    expect(query.get('origin')).toBe('post');
    // Set-up's last button comes back to the composer, which returns to where this started.
    expect(query.get('goBack')).toBe('/create/post?goBack=%2Fhome');
  });

  it('opens the composer dialog for a member on a wide screen', async () => {
    renderHome(MEMBER);
    clickCreate();
    expect(await screen.findByRole('dialog', { name: 'Create Post' })).toBeTruthy();
  });

  it('goes to the compose page on a phone, remembering where it came from', async () => {
    setViewport(true);
    const router = renderHome(MEMBER);
    clickCreate();
    await waitFor(() => expect(router.state.location.pathname).toBe('/create/post'));
    expect(router.state.location.search).toBe('?goBack=%2Fhome');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('the composer’s code', () => {
  it('is fetched when a member points at, touches or focuses Create Post, once, and not before', () => {
    vi.mocked(preloadComposer).mockClear();
    renderHome(MEMBER);
    fireEvent.pointerOver(document.body);
    expect(preloadComposer).not.toHaveBeenCalled();
    fireEvent.pointerOver(screen.getByRole('button', { name: 'Create Post' }));
    expect(preloadComposer).toHaveBeenCalledTimes(1);
    fireEvent.focusIn(screen.getByRole('button', { name: 'Create Post' }));
    fireEvent.touchStart(screen.getByRole('button', { name: 'Create Post' }));
    expect(preloadComposer).toHaveBeenCalledTimes(1);
  });

  it('is not fetched for a visitor pointing at Create Post', () => {
    vi.mocked(preloadComposer).mockClear();
    renderHome(null);
    fireEvent.pointerOver(screen.getByRole('button', { name: 'Create Post' }));
    expect(preloadComposer).not.toHaveBeenCalled();
  });
});

describe('closing the composer dialog', () => {
  it('closes at once when nothing was written', async () => {
    renderHome(MEMBER);
    clickCreate();
    await screen.findByRole('dialog', { name: 'Create Post' });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create Post' })).toBeNull());
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("asks 'Discard Post?' when there is a draft, and Discard empties it", async () => {
    draftStore.setCategory('post', 'furniture');
    draftStore.setPriceText('post', '25');
    renderHome(MEMBER);
    clickCreate();
    await screen.findByRole('dialog', { name: 'Create Post' });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));

    const confirm = await screen.findByRole('alertdialog', { name: 'Discard Post?' });
    fireEvent.click(screen.getByRole('button', { name: 'Keep Editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(confirm.isConnected).toBe(false);
    expect(screen.getByRole('dialog', { name: 'Create Post' })).toBeTruthy();
    expect(draftStore.get('post').category).toBe('furniture');

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await screen.findByRole('alertdialog', { name: 'Discard Post?' });
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create Post' })).toBeNull());
    expect(draftStore.get('post')).toMatchObject({ category: null, priceText: '', blocks: [], files: [] });
  });
});
