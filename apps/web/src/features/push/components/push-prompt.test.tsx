import { PUSH_TEXTS } from '@campus/contract';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PUSH_MOMENT_EVENT, pushCanBeOffered, pushMoment } from '@/lib/push-moment.ts';
import { callsTo, mockApi } from '@/testing/api.ts';
import { PushPrompt } from './push-prompt.tsx';

const PUBLIC_KEY = `B${'A'.repeat(86)}`;
const subscription = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
  keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
};

function fakeBrowser(permission: NotificationPermission, answer: NotificationPermission) {
  const subscribe = vi.fn(async () => ({ toJSON: () => ({ ...subscription, expirationTime: null }) }));
  vi.stubGlobal(
    'Notification',
    Object.assign(function Notification() {}, { permission, requestPermission: vi.fn(async () => answer) }),
  );
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      controller: {},
      ready: Promise.resolve({ pushManager: { getSubscription: async () => null, subscribe } }),
    },
  });
  return { subscribe };
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the push prompt', () => {
  it('Turn on asks the browser, subscribes with the server key and stores the subscription', async () => {
    const { subscribe } = fakeBrowser('default', 'granted');
    mockApi({
      'GET /api/push/key': { publicKey: PUBLIC_KEY },
      'POST /api/push/subscriptions': { id: 's1', endpoint: subscription.endpoint, createdAt: '2026-11-27T09:00:00Z' },
    });
    const onClose = vi.fn();
    render(<PushPrompt moment="message" onClose={onClose} />);
    expect(screen.getByRole('region', { name: PUSH_TEXTS.promptTitle }).textContent).toContain(
      PUSH_TEXTS.promptBodyMessage,
    );
    fireEvent.click(screen.getByRole('button', { name: PUSH_TEXTS.turnOn }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const key = (subscribe.mock.calls[0] as unknown as [{ applicationServerKey: Uint8Array }])[0].applicationServerKey;
    expect(key.length).toBe(65);
    expect(key[0]).toBe(4);
    expect(callsTo('POST /api/push/subscriptions')[0]?.body).toMatchObject({
      endpoint: subscription.endpoint,
      keys: subscription.keys,
    });
  });

  it('a browser that blocks says so; Not now keeps the prompt away', async () => {
    fakeBrowser('default', 'denied');
    const onClose = vi.fn();
    render(<PushPrompt moment="search" onClose={onClose} />);
    expect(screen.getByText(PUSH_TEXTS.promptBodySearch)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: PUSH_TEXTS.turnOn }));
    expect(await screen.findByText(PUSH_TEXTS.blocked)).toBeTruthy();
    expect(callsTo('POST /api/push/subscriptions')).toEqual([]);
    cleanup();

    render(<PushPrompt moment="message" onClose={onClose} />);
    expect(pushCanBeOffered()).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: PUSH_TEXTS.notNow }));
    expect(onClose).toHaveBeenCalled();
    expect(pushCanBeOffered()).toBe(false);
  });

  it('a moment is announced unless the browser blocks push; the prompt only while it has not answered', () => {
    const seen = vi.fn();
    window.addEventListener(PUSH_MOMENT_EVENT, seen);
    fakeBrowser('denied', 'denied');
    pushMoment('message');
    expect(seen).not.toHaveBeenCalled();
    // Allowed before: announced, to store the subscription again (no prompt).
    fakeBrowser('granted', 'granted');
    pushMoment('message');
    expect(pushCanBeOffered()).toBe(false);
    fakeBrowser('default', 'granted');
    pushMoment('message');
    expect(pushCanBeOffered()).toBe(true);
    expect(seen).toHaveBeenCalledTimes(2);
    window.removeEventListener(PUSH_MOMENT_EVENT, seen);
  });
});
