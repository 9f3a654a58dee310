import type { CampusResponse, Viewer } from '@campus/contract';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const OU = {
  id: '0b6f8f3e-5d2a-4c11-9a7e-000000000001',
  shortName: 'OU',
  isHub: false,
  signIn: { google: false, emailLink: true, forgotPassword: true },
} as CampusResponse;

const avery = {
  username: 'avery',
  firstName: 'Avery',
  lastName: 'Lee',
  imgSmall: null,
  verified: true,
  schoolVerified: true,
} as unknown as Viewer;

/** The menu's Radix code is a module-level download: each test starts without it. */
async function renderMenu() {
  vi.resetModules();
  const { ProfileMenu } = await import('./profile-menu.tsx');
  const { CampusContext } = await import('@/lib/campus.ts');
  const { ViewerContext } = await import('@/lib/viewer.ts');
  const router = createMemoryRouter([{ path: '/', element: <ProfileMenu /> }], { initialEntries: ['/'] });
  render(
    <CampusContext.Provider value={OU}>
      <ViewerContext.Provider value={avery}>
        <RouterProvider router={router} />
      </ViewerContext.Provider>
    </CampusContext.Provider>,
  );
}

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** vi.waitFor's own limit is 1 s; a loaded machine needs more (the suite's 5 s, testing/setup.ts). */
const WAIT = { timeout: 5_000 };

describe('the profile menu before its menu code has arrived', { timeout: 20_000 }, () => {
  it('opens on the first press of the plain trigger', async () => {
    await renderMenu();
    const trigger = screen.getByRole('button', { name: 'Account menu' });
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.pointerDown(trigger, { button: 0 });
    const menu = await screen.findByRole('menu');
    expect(menu.textContent).toContain('Log Out');
    expect(screen.getByRole('menuitem', { name: /My Saved/ }).getAttribute('href')).toBe('/saved');
  });

  it('opens from the keyboard (Enter clicks the button)', async () => {
    await renderMenu();
    fireEvent.click(screen.getByRole('button', { name: 'Account menu' }), { detail: 0 });
    expect((await screen.findByRole('menu')).textContent).toContain('Settings');
  });

  it('hands the focus to the real trigger when the code arrives while the plain one has it', async () => {
    await renderMenu();
    const plain = screen.getByRole('button', { name: 'Account menu' });
    plain.focus();
    // The real trigger replaces the plain one and takes the focus over.
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Account menu' })).not.toBe(plain), WAIT);
    await vi.waitFor(
      () => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Account menu' })),
      WAIT,
    );
  });

  it('focuses the first item when opened from the keyboard', async () => {
    await renderMenu();
    const plain = screen.getByRole('button', { name: 'Account menu' });
    plain.focus();
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Account menu' })).not.toBe(plain), WAIT);
    const trigger = screen.getByRole('button', { name: 'Account menu' });
    trigger.focus();
    fireEvent.keyDown(trigger, { key: 'Enter' });
    await screen.findByRole('menu');
    // Radix moves the focus on from the menu to its first item.
    await vi.waitFor(
      () => expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: /Avery Lee/ })),
      WAIT,
    );
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    await vi.waitFor(
      () => expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: /My Saved/ })),
      WAIT,
    );
  });
});
