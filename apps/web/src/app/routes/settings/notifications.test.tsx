import { type NotificationSettings, type PushDevice, NOTIFICATION_SETTINGS_TEXTS as TEXTS } from '@campus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, mockApi, refuse } from '@/testing/api.ts';
import { renderApp } from '@/testing/render-app.tsx';

const ALL_ON = { messages: true, comments: true, saves: true, offers: true, savedSearches: true, moderation: true };
const settings: NotificationSettings = { emailNotifications: true, email: ALL_ON, pushPreviews: true };
const phone: PushDevice = {
  id: 'dev1',
  label: 'Chrome on Android',
  endpoint: 'https://push.example.com/abc',
  createdAt: '2026-11-20T10:00:00.000Z',
  kinds: { ...ALL_ON, saves: false },
};

const emailSwitch = (kind: string) =>
  screen.getByRole('switch', { name: `${TEXTS.email}: ${kind}` }) as HTMLInputElement;

describe('/settings/notifications', () => {
  it('shows in-app as always, email per kind and the devices; a switch saves that one setting', async () => {
    mockApi({
      'GET /api/me/notification-settings': settings,
      'GET /api/push/devices': { devices: [phone] },
      'PATCH /api/me/notification-settings': ({ body }) => ({
        ...settings,
        email: { ...settings.email, ...(body as { email: Partial<NotificationSettings['email']> }).email },
      }),
    });
    renderApp('/settings/notifications');
    expect(await screen.findByRole('heading', { name: 'Saved searches' })).toBeTruthy();
    expect(screen.getAllByText(TEXTS.inAppAlways)).toHaveLength(6);
    expect(emailSwitch('Comments and replies').checked).toBe(true);

    fireEvent.click(emailSwitch('Saved searches'));
    await waitFor(() => expect(emailSwitch('Saved searches').checked).toBe(false));
    expect(callsTo('PATCH /api/me/notification-settings').map((c) => c.body)).toEqual([
      { email: { savedSearches: false } },
    ]);
    expect(emailSwitch('Messages').checked).toBe(true);

    const device = screen.getByRole('listitem', { name: 'Chrome on Android' });
    expect((within(device).getByRole('switch', { name: 'Saves' }) as HTMLInputElement).checked).toBe(false);
    expect((within(device).getByRole('switch', { name: 'Messages' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('switch', { name: TEXTS.previews }) as HTMLInputElement).checked).toBe(true);
  });

  it('greys every kind while the master switch is off, and puts a switch back when saving fails', async () => {
    mockApi({
      'GET /api/me/notification-settings': { ...settings, emailNotifications: false },
      'GET /api/push/devices': { devices: [] },
      'PATCH /api/me/notification-settings': refuse(500, 'INTERNAL', 'Something went wrong'),
    });
    renderApp('/settings/notifications');
    const master = (await screen.findByRole('switch', { name: TEXTS.masterEmail })) as HTMLInputElement;
    expect(master.checked).toBe(false);
    expect(emailSwitch('Offers').disabled).toBe(true);
    expect(emailSwitch('Offers').checked).toBe(false);
    expect(await screen.findByText(TEXTS.noDevices)).toBeTruthy();

    fireEvent.click(master);
    expect(await screen.findByText(TEXTS.saveFailed)).toBeTruthy();
    await waitFor(() => expect(master.checked).toBe(false));
    expect(callsTo('PATCH /api/me/notification-settings').map((c) => c.body)).toEqual([{ emailNotifications: true }]);
  });

  it('saves a device’s push per kind through the push devices API', async () => {
    mockApi({
      'GET /api/me/notification-settings': settings,
      'GET /api/push/devices': { devices: [phone] },
      'PATCH /api/push/devices/:deviceId': ({ body }) => ({
        ...phone,
        kinds: { ...phone.kinds, ...(body as { kinds: Partial<PushDevice['kinds']> }).kinds },
      }),
    });
    renderApp('/settings/notifications');
    const device = await screen.findByRole('listitem', { name: 'Chrome on Android' });
    fireEvent.click(within(device).getByRole('switch', { name: 'Saves' }));
    await waitFor(() =>
      expect((within(device).getByRole('switch', { name: 'Saves' }) as HTMLInputElement).checked).toBe(true),
    );
    expect(callsTo('PATCH /api/push/devices/:deviceId').map((c) => [c.params.deviceId, c.body])).toEqual([
      ['dev1', { kinds: { saves: true } }],
    ]);
  });

  it('shows the error state with a retry when the settings cannot be read', async () => {
    mockApi({
      'GET /api/me/notification-settings': refuse(500, 'INTERNAL', 'Something went wrong'),
      'GET /api/push/devices': { devices: [] },
    });
    renderApp('/settings/notifications');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('/unsubscribe', () => {
  it('names the kind, turns it off with one press, signed out', async () => {
    mockApi({
      'GET /api/unsubscribe': { kind: 'savedSearches' },
      'POST /api/unsubscribe': { kind: 'savedSearches' },
    });
    renderApp('/unsubscribe?token=abc.def', { viewer: null });
    expect(await screen.findByRole('heading', { name: TEXTS.unsubscribeAsk('Saved searches') })).toBeTruthy();
    // Opening the page changed nothing.
    expect(callsTo('POST /api/unsubscribe')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: TEXTS.unsubscribeButton }));
    expect(await screen.findByRole('heading', { name: TEXTS.unsubscribeDone('Saved searches') })).toBeTruthy();
    expect(screen.getByText(TEXTS.unsubscribeOthers)).toBeTruthy();
    expect(callsTo('POST /api/unsubscribe').map((c) => c.query.get('token'))).toEqual(['abc.def']);
  });

  it('says a forged or expired link is not valid', async () => {
    mockApi({
      'GET /api/unsubscribe': refuse(400, 'UNSUBSCRIBE_INVALID', 'This unsubscribe link is not valid or has expired.'),
    });
    renderApp('/unsubscribe?token=forged', { viewer: null });
    expect(await screen.findByRole('heading', { name: TEXTS.unsubscribeInvalid })).toBeTruthy();
  });
});
