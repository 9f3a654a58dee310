import type { CampusResponse, Viewer } from '@campus/contract';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const OU = {
  id: '0b6f8f3e-5d2a-4c11-9a7e-000000000001',
  shortName: 'OU',
  name: 'University of Oklahoma',
  isHub: false,
  logoUrl: '/logo.svg',
  signIn: { google: true, emailLink: true, forgotPassword: true },
} as CampusResponse;

const member = { username: 'avery', verified: true, schoolVerified: true, campusId: OU.id } as Viewer;
const UT_ID = '0b6f8f3e-5d2a-4c11-9a7e-000000000002';

/** The gate keeps its answer for the page's lifetime (a module variable): each test loads it afresh. */
async function renderWith(viewer: Viewer | null, geo: { allowed: boolean } | 'fails') {
  vi.resetModules();
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
    geo === 'fails'
      ? new Response('oops', { status: 502 })
      : Response.json({ ...geo, reason: geo.allowed ? 'ok' : 'country', country: 'US', timeZone: 'America/Chicago' }),
  );
  // Everything that shares a React context with the modules under test is loaded afresh too.
  const { AuthModalsProvider, useMemberGate } = await import('./index.ts');
  const { AlertProvider } = await import('@/components/ui/alert-provider.tsx');
  const { CampusContext } = await import('@/lib/campus.ts');
  const { ViewerContext } = await import('@/lib/viewer.ts');

  function Page() {
    const allow = useMemberGate();
    return (
      <button type="button" onClick={() => allow('post') && window.dispatchEvent(new Event('allowed'))}>
        act
      </button>
    );
  }
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <AlertProvider>
            <AuthModalsProvider>
              <Page />
            </AuthModalsProvider>
          </AlertProvider>
        ),
      },
      { path: '/404', element: <p>blocked</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <CampusContext.Provider value={OU}>
      <ViewerContext.Provider value={viewer}>
        <RouterProvider router={router} />
      </ViewerContext.Provider>
    </CampusContext.Provider>,
  );
  return router;
}

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

// Each test imports the modal modules afresh, which takes a while on a cold, busy machine.
describe('the member gate and its modals', { timeout: 20_000 }, () => {
  it('asks a visitor to sign up, in words for what they tried, after the geographic gate', async () => {
    await renderWith(null, { allowed: true });
    fireEvent.click(screen.getByRole('button', { name: 'act' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log In / Sign Up' });
    expect(dialog.textContent).toContain('Sign up to sell on OU Buy / Sell');
    expect(dialog.textContent).toContain('Takes less than a few seconds.');
    expect(screen.getByRole('link', { name: 'Continue with Email' }).getAttribute('href')).toBe('/user_registration');
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeTruthy();
    expect(vi.mocked(fetch).mock.calls[0]?.[0]).toMatch(/^\/api\/geo\/check\?timeZone=/);
  });

  it('sends a visitor the gate turns away to /404 instead', async () => {
    const router = await renderWith(null, { allowed: false });
    fireEvent.click(screen.getByRole('button', { name: 'act' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lets the visitor proceed when the lookup fails', async () => {
    await renderWith(null, 'fails');
    fireEvent.click(screen.getByRole('button', { name: 'act' }));
    expect(await screen.findByRole('dialog', { name: 'Log In / Sign Up' })).toBeTruthy();
  });

  it('asks a signed-in person without a school to verify it', async () => {
    await renderWith({ ...member, schoolVerified: false }, { allowed: true });
    fireEvent.click(screen.getByRole('button', { name: 'act' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verify your account' });
    expect(screen.getByRole('link', { name: 'Verify Account' }).getAttribute('href')).toBe(
      '/settings/account/school_email',
    );
    expect(dialog).toBeTruthy();
  });

  it('asks a member of another campus to join this one, not the server’s refusal', async () => {
    await renderWith({ ...member, campusId: UT_ID }, { allowed: true });
    const allowed = vi.fn();
    window.addEventListener('allowed', allowed);
    fireEvent.click(screen.getByRole('button', { name: 'act' }));
    const dialog = await screen.findByRole('dialog', { name: 'Join this campus' });
    expect(dialog.textContent).toContain('Join OU Buy / Sell to sell here');
    expect(dialog.textContent).toContain('Only verified students of University of Oklahoma can post');
    expect(screen.getByRole('link', { name: 'Join Campus' }).getAttribute('href')).toBe(
      `/settings/account/school_email?campus=${OU.id}`,
    );
    expect(allowed).not.toHaveBeenCalled();
    window.removeEventListener('allowed', allowed);
  });

  it('lets a member through without a modal', async () => {
    await renderWith(member, { allowed: true });
    const allowed = vi.fn();
    window.addEventListener('allowed', allowed);
    fireEvent.click(screen.getByRole('button', { name: 'act' }));
    expect(allowed).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
    window.removeEventListener('allowed', allowed);
  });
});
