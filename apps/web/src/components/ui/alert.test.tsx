import { ALERT_TIMING } from '@campus/contract';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AlertProvider, useAlert } from './alert-provider.tsx';
import type { AlertOptions } from './alert-rules.ts';
import { storeAlert } from './stored-alert.ts';

function Trigger({ message, options }: { message: string; options?: AlertOptions }) {
  const { showAlert } = useAlert();
  return (
    <>
      <button type="button" onClick={() => showAlert(message, options)}>
        show
      </button>
      <Link to="/next">next page</Link>
    </>
  );
}

function renderWithAlerts(message = 'Post saved.', options?: AlertOptions) {
  const page = (
    <AlertProvider>
      <Trigger message={message} options={options} />
    </AlertProvider>
  );
  const router = createMemoryRouter([
    { path: '/', element: page },
    { path: '/next', element: page },
  ]);
  return render(<RouterProvider router={router} />);
}

const show = () => fireEvent.click(screen.getByRole('button', { name: 'show' }));
const progress = () => Number.parseFloat((screen.getByTestId('alert-progress') as HTMLElement).style.width);

beforeEach(() => {
  vi.useFakeTimers();
  sessionStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('alerts', () => {
  it('announces the message in a polite live region', () => {
    renderWithAlerts('Post saved.');
    show();
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toContain('Post saved.');
  });

  it('grows the progress bar by 0.5 % every 12 ms', () => {
    renderWithAlerts();
    show();
    expect(progress()).toBe(0);
    act(() => vi.advanceTimersByTime(ALERT_TIMING.progressStepMs));
    expect(progress()).toBe(0.5);
    act(() => vi.advanceTimersByTime(ALERT_TIMING.progressStepMs * 99));
    expect(progress()).toBe(50);
    act(() => vi.advanceTimersByTime(ALERT_TIMING.progressStepMs * 100));
    expect(progress()).toBe(100);
    // Full at 2400 ms; it stays full until the alert goes at 2600 ms.
    act(() => vi.advanceTimersByTime(ALERT_TIMING.progressStepMs * 10));
    expect(progress()).toBe(100);
  });

  it('dismisses itself after 2600 ms by default', () => {
    renderWithAlerts('Post saved.');
    show();
    act(() => vi.advanceTimersByTime(2599));
    expect(screen.queryByText('Post saved.')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Post saved.')).toBeNull();
  });

  it('stays 7.8 s when long', () => {
    renderWithAlerts('Too many attempts', { type: 'danger', duration: 'long' });
    show();
    act(() => vi.advanceTimersByTime(7799));
    expect(screen.queryByText('Too many attempts')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Too many attempts')).toBeNull();
  });

  it('restarts the clock when a new alert replaces the current one', () => {
    renderWithAlerts('Post saved.');
    show();
    act(() => vi.advanceTimersByTime(2000));
    show();
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByText('Post saved.')).not.toBeNull();
    expect(progress()).toBeLessThan(100);
  });

  it('can be dismissed by hand', () => {
    renderWithAlerts('Post saved.');
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Post saved.')).toBeNull();
  });

  it("links a 'post was sent' message to the post with View", () => {
    renderWithAlerts('Posted! Your post was sent.', { postId: 'p-42' });
    show();
    expect(screen.getByRole('link', { name: 'View' }).getAttribute('href')).toBe('/post/p-42');
  });

  it('adds no View link when the caller gave no post id', () => {
    renderWithAlerts('Your post was sent');
    show();
    expect(screen.queryByRole('link', { name: 'View' })).toBeNull();
  });

  it("links an 'added to bag' message to the bag", () => {
    renderWithAlerts('Lamp added to bag');
    show();
    expect(screen.getByRole('link', { name: 'View Bag' }).getAttribute('href')).toBe('/cart');
  });

  it('adds no link to other messages', () => {
    renderWithAlerts('Comment Removed');
    show();
    expect(screen.queryByRole('link', { name: /view/i })).toBeNull();
  });

  it('shows a stored alert once, on the next page', () => {
    renderWithAlerts();
    storeAlert('Your post was sent', { postId: 'p-7' });
    fireEvent.click(screen.getByRole('link', { name: 'next page' }));
    expect(screen.getByRole('status').textContent).toContain('Your post was sent');
    expect(screen.getByRole('link', { name: 'View' }).getAttribute('href')).toBe('/post/p-7');
    expect(sessionStorage.length).toBe(0);
  });

  it('shows a stored alert left by the previous page load', () => {
    storeAlert('Email sent.', { type: 'okay' });
    renderWithAlerts();
    expect(screen.getByRole('status').textContent).toContain('Email sent.');
    expect(screen.getByRole('status').querySelector('[data-alert-type="okay"]')).not.toBeNull();
  });
});
