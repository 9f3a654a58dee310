import { SETTINGS_MESSAGES } from '@campus/contract';

/**
 * The emails the server sends. Each is a list of blocks rendered twice by one layout: as a
 * small, table-based HTML email (inline styles, because mail clients drop <style> and
 * classes) and as plain text. Only the verification subject is spec wording (docs/product/accounts.md#verification-codes);
 * the other texts are ours.
 */

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

type Block =
  | { kind: 'paragraph'; text: string }
  | { kind: 'code'; code: string }
  | { kind: 'button'; label: string; url: string }
  | { kind: 'note'; text: string }
  | { kind: 'link'; text: string; url: string };

interface Layout {
  subject: string;
  campusShortName: string;
  heading: string;
  blocks: Block[];
  /** Linked in the footer when known. */
  siteUrl?: string;
  /** The unsubscribe page of this kind of email (decision 040), linked in the footer. */
  unsubscribe?: { url: string; label: string };
}

const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
// #1d4ed8 on white and white on #1d4ed8 are both 6.7:1; #52525b on white is 7.7:1 (WCAG AA needs 4.5:1).
const ACCENT = '#1d4ed8';
const MUTED = '#52525b';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** Links in mail must be web addresses: anything else (javascript:, data:) is a bug upstream. */
function webUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error('mail links must be http(s)');
  return parsed.toString();
}

function blockHtml(block: Block): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p style="margin:0 0 16px;">${escapeHtml(block.text)}</p>`;
    case 'note':
      return `<p style="margin:24px 0 0;font-size:14px;color:${MUTED};">${escapeHtml(block.text)}</p>`;
    case 'link':
      return `<p style="margin:0 0 8px;"><a href="${escapeHtml(webUrl(block.url))}" style="color:${ACCENT};">${escapeHtml(block.text)}</a></p>`;
    case 'code':
      return `<p style="margin:8px 0 24px;font-family:ui-monospace,Menlo,Consolas,monospace;font-size:32px;font-weight:700;letter-spacing:8px;">${escapeHtml(block.code)}</p>`;
    case 'button': {
      const href = escapeHtml(webUrl(block.url));
      return `<p style="margin:8px 0 24px;"><a href="${href}" style="display:inline-block;background:${ACCENT};color:#ffffff;font-weight:600;text-decoration:none;padding:12px 24px;border-radius:8px;">${escapeHtml(block.label)}</a></p>
<p style="margin:0 0 16px;font-size:14px;color:${MUTED};">Or paste this link into your browser:<br><a href="${href}" style="color:${ACCENT};word-break:break-all;">${escapeHtml(webUrl(block.url))}</a></p>`;
    }
  }
}

function blockText(block: Block): string {
  switch (block.kind) {
    case 'paragraph':
    case 'note':
      return block.text;
    case 'code':
      return block.code;
    case 'button':
      return `${block.label}: ${webUrl(block.url)}`;
    case 'link':
      return `${block.text}: ${webUrl(block.url)}`;
  }
}

function renderMail(layout: Layout): RenderedMail {
  const brand = `${layout.campusShortName} Buy / Sell`;
  const footer = layout.siteUrl
    ? `<a href="${escapeHtml(webUrl(layout.siteUrl))}" style="color:${MUTED};">${escapeHtml(brand)}</a>`
    : escapeHtml(brand);
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(layout.subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f4f4f5;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f4f4f5;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:480px;background:#ffffff;border-radius:12px;">
<tr><td style="padding:32px 28px;font-family:${FONT};font-size:16px;line-height:1.5;color:#18181b;">
<p style="margin:0 0 24px;font-size:14px;font-weight:700;color:${ACCENT};">${escapeHtml(brand)}</p>
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;">${escapeHtml(layout.heading)}</h1>
${layout.blocks.map(blockHtml).join('\n')}
</td></tr>
</table>
<p style="margin:16px 0 0;font-family:${FONT};font-size:12px;color:${MUTED};">${footer}</p>
${
  layout.unsubscribe
    ? `<p style="margin:8px 0 0;font-family:${FONT};font-size:12px;color:${MUTED};"><a href="${escapeHtml(webUrl(layout.unsubscribe.url))}" style="color:${MUTED};">${escapeHtml(layout.unsubscribe.label)}</a></p>`
    : ''
}
</td></tr>
</table>
</body>
</html>
`;
  const text = [
    layout.heading,
    ...layout.blocks.map(blockText),
    '--',
    layout.siteUrl ? `${brand} · ${webUrl(layout.siteUrl)}` : brand,
    ...(layout.unsubscribe ? [`${layout.unsubscribe.label}: ${webUrl(layout.unsubscribe.url)}`] : []),
  ].join('\n\n');
  return { subject: layout.subject, html, text: `${text}\n` };
}

function linkExpiry(expiresInMinutes: number | undefined): string {
  const when = expiresInMinutes ? `in ${expiresInMinutes} minutes` : 'soon';
  return `This link expires ${when} and can be used only once.`;
}

/** What a 4-digit code does; the mail says so, so that nobody reads it as a sign-in code. */
export type CodePurpose = 'verify-email' | 'school-email' | 'change-email';

function codePurposeText(purpose: CodePurpose, brand: string, email: string | undefined): string {
  switch (purpose) {
    case 'school-email':
      return `Enter this code on ${brand} to confirm ${email ?? 'your school email'} as your school email and join your campus:`;
    case 'change-email':
      return `Enter this code on ${brand} to make ${email ?? 'this address'} the email you sign in with:`;
    case 'verify-email':
      return `Enter this code on ${brand} to verify your email address:`;
  }
}

/**
 * The 4-digit code that verifies the account's email, a school email or a new sign-in email
 * (docs/product/accounts.md#verification-codes). Codes never sign anyone in nor reset a password, and the mail says so.
 */
export function verificationCodeMail(input: {
  code: string;
  campusShortName: string;
  siteUrl: string;
  purpose?: CodePurpose;
  /** The address being confirmed (school email, new sign-in email). */
  email?: string;
}): RenderedMail {
  const brand = `${input.campusShortName} Buy / Sell`;
  return renderMail({
    subject: SETTINGS_MESSAGES.verificationEmailSubject(input.code, input.campusShortName),
    campusShortName: input.campusShortName,
    siteUrl: input.siteUrl,
    heading: 'Your verification code',
    blocks: [
      { kind: 'paragraph', text: codePurposeText(input.purpose ?? 'verify-email', brand, input.email) },
      { kind: 'code', code: input.code },
      { kind: 'paragraph', text: 'Codes expire after two hours.' },
      {
        kind: 'note',
        text: `This code only confirms an email address: it does not sign you in or change your password, and ${brand} will never ask you for it. If you didn't ask for this code, you can ignore this email.`,
      },
    ],
  });
}

/** The emailed sign-in link (magic link). */
export function signInLinkMail(input: {
  url: string;
  campusShortName: string;
  expiresInMinutes?: number;
}): RenderedMail {
  const brand = `${input.campusShortName} Buy / Sell`;
  return renderMail({
    subject: `Sign in to ${brand}`,
    campusShortName: input.campusShortName,
    heading: `Sign in to ${brand}`,
    blocks: [
      { kind: 'paragraph', text: `Use the button below to sign in to ${brand}.` },
      { kind: 'button', label: 'Sign in', url: input.url },
      { kind: 'paragraph', text: linkExpiry(input.expiresInMinutes) },
      { kind: 'note', text: "If you didn't ask to sign in, you can ignore this email." },
    ],
  });
}

/** The link of 'Forgot Password'. */
export function passwordResetMail(input: {
  url: string;
  campusShortName: string;
  expiresInMinutes?: number;
}): RenderedMail {
  const brand = `${input.campusShortName} Buy / Sell`;
  return renderMail({
    subject: `Reset your ${brand} password`,
    campusShortName: input.campusShortName,
    heading: 'Reset your password',
    blocks: [
      { kind: 'paragraph', text: `Use the button below to choose a new password for your ${brand} account.` },
      { kind: 'button', label: 'Reset password', url: input.url },
      { kind: 'paragraph', text: linkExpiry(input.expiresInMinutes) },
      {
        kind: 'note',
        text: "If you didn't ask to reset your password, you can ignore this email; your password stays the same.",
      },
    ],
  });
}

/** One line of a notification email: who did what, and the text it was about. */
export interface NotificationMailItem {
  fromName: string;
  action: string;
  text: string;
}

/**
 * Notification emails (docs/decisions/015-chats-notifications-blocks.md), one per chat or one for the recipient's post activity,
 * per quiet period (jobs/notification-mail.ts). The texts are ours, not the spec's.
 */
export function notificationMail(input: {
  campusShortName: string;
  siteUrl: string;
  /** The chat's address for chat notifications, else the notifications page. */
  url: string;
  kind: 'chat' | 'activity';
  items: NotificationMailItem[];
  /** This kind of email's unsubscribe page and its name ('messages'), decision 040. */
  unsubscribe?: { url: string; kindTitle: string };
}): RenderedMail {
  const first = input.items[0];
  const others = input.items.length - 1;
  const subject =
    input.kind === 'chat'
      ? `${first?.fromName ?? 'Someone'} ${others > 0 ? 'sent you new messages' : (first?.action ?? 'wrote to you')}`
      : `${input.items.length} new notification${input.items.length === 1 ? '' : 's'} on ${input.campusShortName} Buy / Sell`;
  const shown = input.items.slice(0, 10);
  const blocks: Block[] = shown.map((item) => ({
    kind: 'paragraph',
    text: `${item.fromName} ${item.action}${item.text ? `: “${item.text}”` : '.'}`,
  }));
  if (input.items.length > shown.length) {
    blocks.push({ kind: 'paragraph', text: `…and ${input.items.length - shown.length} more.` });
  }
  blocks.push(
    { kind: 'button', label: input.kind === 'chat' ? 'Open the chat' : 'See notifications', url: input.url },
    {
      kind: 'note',
      text: 'You get these emails because email notifications are on for your account. You can turn them off in Settings.',
    },
  );
  return renderMail({
    subject,
    campusShortName: input.campusShortName,
    siteUrl: input.siteUrl,
    ...(input.unsubscribe ? { unsubscribe: unsubscribeFooter(input.unsubscribe) } : {}),
    heading: input.kind === 'chat' ? 'New messages' : 'New notifications',
    blocks,
  });
}

const unsubscribeFooter = (u: { url: string; kindTitle: string }) => ({
  url: u.url,
  label: `Unsubscribe from emails about ${u.kindTitle.toLowerCase()}`,
});

/** One new match in the saved-search digest. */
export interface DigestItem {
  /** The saved search's text, as its owner typed it. */
  query: string;
  title: string;
  /** '$45', 'Free', or null without a price. */
  price: string | null;
  url: string;
}

/**
 * The daily digest of new posts matching the member's saved searches (decision 040), grouped
 * by saved search, at most 20 lines. The texts are ours.
 */
export function savedSearchDigestMail(input: {
  campusShortName: string;
  siteUrl: string;
  subject: string;
  heading: string;
  items: DigestItem[];
  manageUrl: string;
  unsubscribe: { url: string; kindTitle: string };
}): RenderedMail {
  const shown = input.items.slice(0, 20);
  const blocks: Block[] = [];
  const queries = [...new Set(shown.map((i) => i.query))];
  for (const query of queries) {
    blocks.push({ kind: 'paragraph', text: `“${query}”` });
    for (const item of shown.filter((i) => i.query === query)) {
      blocks.push({
        kind: 'link',
        text: `${item.title}${item.price ? ` — ${item.price}` : ''}`,
        url: item.url,
      });
    }
  }
  if (input.items.length > shown.length) {
    blocks.push({ kind: 'paragraph', text: `…and ${input.items.length - shown.length} more.` });
  }
  blocks.push(
    { kind: 'button', label: 'Manage saved searches', url: input.manageUrl },
    {
      kind: 'note',
      text: 'You get this email once a day when new posts match your saved searches. You can turn it off in Settings.',
    },
  );
  return renderMail({
    subject: input.subject,
    campusShortName: input.campusShortName,
    siteUrl: input.siteUrl,
    heading: input.heading,
    blocks,
    unsubscribe: unsubscribeFooter(input.unsubscribe),
  });
}
