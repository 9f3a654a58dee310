import { type AccountSettings, SETTINGS_MESSAGES, VALIDATION_MESSAGES } from '@campus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, mockApi, refuse } from '@/testing/api.ts';
import { renderApp } from '@/testing/render-app.tsx';

const account: AccountSettings = {
  username: 'averycarter',
  email: 'avery@example.com',
  phone: null,
  schoolEmail: 'avery@ou.edu',
  schoolVerified: true,
  createdAt: '2025-01-01T00:00:00.000Z',
  gender: null,
  birthDate: null,
  hasPassword: true,
};

/** The link of an account row, named by its label and value. */
const row = (label: string) => screen.getByRole('link', { name: new RegExp(`^${label}`) });

describe('/settings/account', () => {
  it("lists the viewer's rows, each editable one a link to its form", async () => {
    mockApi({ 'GET /api/me/account': account });
    renderApp('/settings/account');
    expect(await screen.findByText('@averycarter')).toBeTruthy();
    expect(row('Username').getAttribute('href')).toBe('/settings/account/screen_name');
    expect(within(row('Phone')).getByText(SETTINGS_MESSAGES.clickToAdd)).toBeTruthy();
    expect(within(row('School Email')).getByText('avery@ou.edu')).toBeTruthy();
    expect(screen.getByText('Verified').nextElementSibling?.textContent).toBe(SETTINGS_MESSAGES.yes);
  });
});

describe('/settings/account/screen_name', () => {
  it("shows the API's refusal under the field, word for word, and stays on the form", async () => {
    mockApi({
      'GET /api/me/account': account,
      'PUT /api/me/username': refuse(409, 'USERNAME_TAKEN', VALIDATION_MESSAGES.usernameTaken),
    });
    const { router } = renderApp('/settings/account/screen_name');
    const field = await screen.findByRole('textbox', { name: 'Username' });
    fireEvent.change(field, { target: { value: 'jordanlee' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(VALIDATION_MESSAGES.usernameTaken)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(router.state.location.pathname).toBe('/settings/account/screen_name');
    expect(callsTo('PUT /api/me/username').map(({ body }) => body)).toEqual([{ username: 'jordanlee' }]);
  });

  it('saves a new username, says so and goes back to the rows, which show it', async () => {
    mockApi({
      'GET /api/me/account': account,
      'PUT /api/me/username': ({ body }) => ({ ...account, username: (body as { username: string }).username }),
    });
    const { router } = renderApp('/settings/account/screen_name');
    const field = await screen.findByRole('textbox', { name: 'Username' });
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    // Unchanged: nothing to save (docs/product/profiles.md#profile-rules).
    expect(save.disabled).toBe(true);
    fireEvent.change(field, { target: { value: ' avery_c ' } });
    fireEvent.click(save);

    expect(await screen.findByText(SETTINGS_MESSAGES.profileUpdated)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/account'));
    expect(await screen.findByText('@avery_c')).toBeTruthy();
    expect(callsTo('PUT /api/me/username').map(({ body }) => body)).toEqual([{ username: 'avery_c' }]);
  });
});

describe('/settings/account/password', () => {
  async function fillAndSave(current: string, next: string) {
    fireEvent.change(await screen.findByLabelText('Current password'), { target: { value: current } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: next } });
    fireEvent.change(screen.getByLabelText('Repeat new password'), { target: { value: next } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  }

  it("shows the API's 'Invalid password.' on the current password", async () => {
    mockApi({
      'GET /api/me/account': account,
      'PUT /api/me/password': refuse(400, 'INVALID_PASSWORD', SETTINGS_MESSAGES.invalidPassword),
    });
    renderApp('/settings/account/password');
    await fillAndSave('wrong-one', 'n3w-secret');
    expect(await screen.findByText(SETTINGS_MESSAGES.invalidPassword)).toBeTruthy();
    expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
    expect(callsTo('PUT /api/me/password').map(({ body }) => body)).toEqual([
      { currentPassword: 'wrong-one', newPassword: 'n3w-secret', repeatPassword: 'n3w-secret' },
    ]);
  });

  it("says 'Account Updated!' and goes back to the rows", async () => {
    mockApi({ 'GET /api/me/account': account, 'PUT /api/me/password': null });
    const { router } = renderApp('/settings/account/password');
    await fillAndSave('old-secret', 'n3w-secret');
    expect(await screen.findByText(SETTINGS_MESSAGES.accountUpdated)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/account'));
  });

  it('sends nothing while the new passwords differ', async () => {
    mockApi({ 'GET /api/me/account': account });
    renderApp('/settings/account/password');
    fireEvent.change(await screen.findByLabelText('Current password'), { target: { value: 'old-secret' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'n3w-secret' } });
    fireEvent.change(screen.getByLabelText('Repeat new password'), { target: { value: 'other-one' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(callsTo('PUT /api/me/password')).toEqual([]);
  });
});
