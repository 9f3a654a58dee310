import { AUTH_SCREEN_TEXTS, SETTINGS_MESSAGES } from '@campus/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { AlertProvider } from '@/components/ui/alert-provider.tsx';
import { CampusContext } from '@/lib/campus.ts';
import { testCampus } from '@/testing/campus.ts';
import { testViewer } from '@/testing/viewer.ts';
import { VerifyForm } from './verify-form.tsx';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

let answers: unknown[];
const fetchSpy = vi.fn(async () => json(answers.shift() ?? { success: true }));

beforeEach(() => {
  answers = [];
  fetchSpy.mockClear();
  vi.stubGlobal('fetch', fetchSpy);
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function show() {
  const viewer = testViewer({ verified: false, schoolVerified: false });
  const router = createMemoryRouter([
    { path: '*', element: <AlertProvider>{<VerifyForm viewer={viewer} />}</AlertProvider> },
  ]);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <CampusContext.Provider value={testCampus()}>
        <RouterProvider router={router} />
      </CampusContext.Provider>
    </QueryClientProvider>,
  );
}

const resend = () => screen.getByRole('button', { name: AUTH_SCREEN_TEXTS.didntReceiveCode });

it("within a minute of the last code, 'Didn't receive the code?' waits with a live countdown the server gave; no 'Email sent' (docs/decisions/030-feed-ads-and-rough-edges.md)", async () => {
  // Arrival: the code mailed moments ago still works; the server says 42 s until another.
  answers = [{ success: true, sent: false, retryAfterSeconds: 42 }];
  show();
  expect(await screen.findByText(AUTH_SCREEN_TEXTS.resendCodeIn(42))).toBeTruthy();
  expect(resend()).toHaveProperty('disabled', true);
  await act(async () => {
    await vi.advanceTimersByTimeAsync(1000);
  });
  expect(screen.getByText(AUTH_SCREEN_TEXTS.resendCodeIn(41))).toBeTruthy();
  await act(async () => {
    await vi.advanceTimersByTimeAsync(41_000);
  });
  expect(screen.queryByText(/You can ask for another/)).toBeNull();
  expect(resend()).toHaveProperty('disabled', false);
  expect(screen.queryByText(SETTINGS_MESSAGES.codeEmailSent)).toBeNull();

  // Now a resend mails the code: 'Email sent', and the link waits the minute again.
  answers = [{ success: true }];
  fireEvent.click(resend());
  expect(await screen.findByText(SETTINGS_MESSAGES.codeEmailSent)).toBeTruthy();
  expect(await screen.findByText(AUTH_SCREEN_TEXTS.resendCodeIn(60))).toBeTruthy();
  expect(resend()).toHaveProperty('disabled', true);
  expect(fetchSpy).toHaveBeenCalledTimes(2);
});
