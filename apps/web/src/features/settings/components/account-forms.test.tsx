import { type AccountSettings, UsernameSchema, VALIDATION_MESSAGES } from '@campus/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AlertProvider } from '@/components/ui/alert-provider.tsx';
import { BirthDateForm, GenderForm } from './account-choice-forms.tsx';
import { AccountTextForm } from './account-text-form.tsx';
import { PasswordForm } from './password-form.tsx';

const account: AccountSettings = {
  username: 'nora_n',
  email: 'nora@example.com',
  phone: null,
  schoolEmail: null,
  schoolVerified: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  gender: null,
  birthDate: null,
  hasPassword: true,
} as AccountSettings;

function show(form: ReactNode) {
  const router = createMemoryRouter([{ path: '*', element: <AlertProvider>{form}</AlertProvider> }]);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const save = () => screen.getByRole('button', { name: 'Save' });
let fetchSpy: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchSpy = vi.fn();
  vi.stubGlobal('fetch', fetchSpy);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the spec's messages for empty fields are shown, not only a disabled Save (docs/decisions/030-feed-ads-and-rough-edges.md)", () => {
  it("username: 'Username is required.' on Save and on leaving the emptied field; nothing is sent", async () => {
    show(
      <AccountTextForm
        field="username"
        label="Username"
        current="nora_n"
        schema={UsernameSchema}
        maxLength={50}
        autoComplete="username"
      />,
    );
    const input = screen.getByLabelText('Username');
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.blur(input);
    expect(await screen.findByText(VALIDATION_MESSAGES.usernameRequired)).toBeTruthy();
    fireEvent.change(input, { target: { value: '' } });
    expect(save()).toHaveProperty('disabled', false);
    fireEvent.click(save());
    expect(await screen.findByText(VALIDATION_MESSAGES.usernameRequired)).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('password: each empty field says what it needs on Save, and on leaving it', async () => {
    show(<PasswordForm />);
    expect(save()).toHaveProperty('disabled', false);
    fireEvent.click(save());
    expect(await screen.findByText(VALIDATION_MESSAGES.currentPasswordRequired)).toBeTruthy();
    expect(screen.getByText(VALIDATION_MESSAGES.newPasswordRequired)).toBeTruthy();
    expect(screen.getByText(VALIDATION_MESSAGES.repeatPasswordRequired)).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
    cleanup();
    show(<PasswordForm />);
    fireEvent.blur(screen.getByLabelText('Repeat new password'));
    expect(await screen.findByText(VALIDATION_MESSAGES.repeatPasswordRequired)).toBeTruthy();
    expect(screen.queryByText(VALIDATION_MESSAGES.currentPasswordRequired)).toBeNull();
  });

  it("gender: 'Must select a gender' on Save and on leaving the select with nothing chosen", async () => {
    show(<GenderForm account={account} />);
    fireEvent.click(save());
    expect(await screen.findByText(VALIDATION_MESSAGES.genderRequired)).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
    const select = screen.getByLabelText('Gender');
    fireEvent.change(select, { target: { value: 'female' } });
    expect(screen.queryByText(VALIDATION_MESSAGES.genderRequired)).toBeNull();
    fireEvent.change(select, { target: { value: '' } });
    fireEvent.blur(select);
    expect(await screen.findByText(VALIDATION_MESSAGES.genderRequired)).toBeTruthy();
  });
});

describe('birth date (docs/decisions/030-feed-ads-and-rough-edges.md)', () => {
  it('refuses February 31, 2001 with "That date doesn\'t exist."; nothing is sent', async () => {
    show(<BirthDateForm account={account} />);
    fireEvent.click(save());
    expect(await screen.findByText(VALIDATION_MESSAGES.birthDateIncomplete)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '31' } });
    fireEvent.change(screen.getByLabelText('Year'), { target: { value: '2001' } });
    fireEvent.click(save());
    expect(await screen.findByText(VALIDATION_MESSAGES.birthDateNotReal)).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
