/**
 * The 'mail link' beside 'Check your inbox…' (docs/product/accounts.md#forgot-password-screen): the web inbox of
 * well-known providers, chosen by the address's domain. Universities mostly run Microsoft 365,
 * so a .edu address opens Outlook on the web. Anything else gets the device's mail app.
 */
const PROVIDERS: ReadonlyArray<{ domains: RegExp; label: string; href: string }> = [
  { domains: /^(gmail|googlemail)\.com$/, label: 'Open Gmail', href: 'https://mail.google.com/mail/u/0/#inbox' },
  {
    domains: /^(outlook|hotmail|live|msn)\.[a-z.]+$/,
    label: 'Open Outlook',
    href: 'https://outlook.live.com/mail/0/inbox',
  },
  { domains: /^(yahoo|ymail)\.[a-z.]+$/, label: 'Open Yahoo Mail', href: 'https://mail.yahoo.com/' },
  { domains: /^(icloud|me|mac)\.com$/, label: 'Open iCloud Mail', href: 'https://www.icloud.com/mail' },
  { domains: /(^|\.)edu$/, label: 'Open Outlook', href: 'https://outlook.office.com/mail/' },
];

export function webmailFor(email: string): { label: string; href: string; external: boolean } {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  const provider = PROVIDERS.find((p) => p.domains.test(domain));
  if (provider) return { label: provider.label, href: provider.href, external: true };
  return { label: 'Open your email app', href: 'mailto:', external: false };
}
