import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { Modal, ModalPage, useModalOrPage } from './modal.tsx';

afterEach(() => {
  cleanup();
  Reflect.deleteProperty(window, 'matchMedia');
});

/** jsdom has no matchMedia; this one answers like a phone (≤ 769 px) or a desktop. */
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

function Opener() {
  const [open, setOpen] = useState(false);
  const openCompose = useModalOrPage(
    (goBack) => `/compose?goBack=${encodeURIComponent(goBack)}`,
    () => setOpen(true),
  );
  return (
    <>
      <button type="button" onClick={openCompose}>
        compose
      </button>
      <Modal open={open} onOpenChange={setOpen} title="Create Post">
        <p>composer</p>
      </Modal>
    </>
  );
}

function renderOpener() {
  const router = createMemoryRouter(
    [
      { path: '/home', element: <Opener /> },
      {
        path: '/compose',
        element: (
          <ModalPage title="Create Post" fallback="/home">
            <p>composer page</p>
          </ModalPage>
        ),
      },
    ],
    { initialEntries: ['/home?filter=x'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('modal or page', () => {
  it('opens a dialog on wide screens (its code arrives on first use)', async () => {
    setViewport(false);
    renderOpener();
    fireEvent.click(screen.getByRole('button', { name: 'compose' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Post' });
    expect(dialog.textContent).toContain('composer');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('goes to the full page on phones, with a back button to where it came from', () => {
    setViewport(true);
    const router = renderOpener();
    fireEvent.click(screen.getByRole('button', { name: 'compose' }));
    expect(router.state.location.pathname).toBe('/compose');
    expect(screen.getByRole('heading', { level: 1, name: 'Create Post' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/home?filter=x');
  });

  it('ignores a goBack that leaves the site', () => {
    const router = createMemoryRouter(
      [
        {
          path: '/compose',
          element: (
            <ModalPage title="Create Post" fallback="/home">
              <p>composer page</p>
            </ModalPage>
          ),
        },
      ],
      { initialEntries: ['/compose?goBack=//evil.example/home'] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/home');
  });
});

function ConfirmHarness({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title="Delete Post?"
      body="This can’t be undone."
      confirmLabel="Delete"
      tone="danger"
      onConfirm={onConfirm}
    />
  );
}

describe('ConfirmDialog', () => {
  it('asks, then confirms or cancels', async () => {
    const onConfirm = vi.fn();
    render(<ConfirmHarness onConfirm={onConfirm} />);
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Post?' });
    expect(dialog.textContent).toContain('This can’t be undone.');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
