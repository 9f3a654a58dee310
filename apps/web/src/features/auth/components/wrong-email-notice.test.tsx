import { ACCOUNT_SAFETY_MESSAGES, AUTH_MESSAGES } from '@campus/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, expect, it } from 'vitest';
import { WrongEmailNotice } from './wrong-email-notice.tsx';

afterEach(cleanup);

const at = (url: string) =>
  render(
    <RouterProvider
      router={createMemoryRouter([{ path: '*', element: <WrongEmailNotice /> }], { initialEntries: [url] })}
    />,
  );

it("says 'Failed: Wrong Email.' for a failed link (docs/product/accounts.md#emailed-sign-in-link)", async () => {
  at('/login?redirect=true');
  expect((await screen.findByRole('alert')).textContent).toBe(AUTH_MESSAGES.magicLinkWrongEmail);
});

it('says to open the link in the browser that asked for it when the server refused it there', async () => {
  at('/register?redirect=true&error=LINK_FROM_OTHER_BROWSER');
  expect((await screen.findByRole('alert')).textContent).toBe(ACCOUNT_SAFETY_MESSAGES.linkFromOtherBrowser);
});
