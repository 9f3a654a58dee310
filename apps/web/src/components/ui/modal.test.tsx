import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { Modal, ModalPage } from './modal.tsx';

afterEach(cleanup);

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        compose
      </button>
      <Modal open={open} onOpenChange={setOpen} title="Create Post">
        <p>composer</p>
      </Modal>
    </>
  );
}

function renderComposePage(url: string) {
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
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('modal and page', () => {
  it('opens a dialog (its code arrives on first use)', async () => {
    renderComposePage('/home?filter=x');
    fireEvent.click(screen.getByRole('button', { name: 'compose' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Post' });
    expect(dialog.textContent).toContain('composer');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the full page with a back button to where it came from', () => {
    renderComposePage(`/compose?goBack=${encodeURIComponent('/home?filter=x')}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Create Post' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/home?filter=x');
  });

  it('ignores a goBack that leaves the site', () => {
    renderComposePage('/compose?goBack=//evil.example/home');
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
