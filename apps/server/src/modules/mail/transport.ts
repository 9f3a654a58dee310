import nodemailer, { type Transport, type Transporter } from 'nodemailer';
import type { Config } from '../../config.ts';

/** What the sender delivers through: an SMTP relay, or the dev mailbox's console line. */
export type MailTransport = Transporter<unknown>;

/**
 * Kept short on purpose: the sender holds its batch's row locks while it talks to the relay,
 * so a relay that hangs must fail fast and be retried later. A URL may still override them.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export function smtpTransport(url: string, from: string): MailTransport {
  return nodemailer.createTransport({ url, ...SMTP_TIMEOUTS }, { from });
}

/**
 * Development without SMTP: the mail stays in the outbox (marked sent) where /dev/mailbox shows
 * it, and one line on stdout says so. This line is the dev transport itself, not a log
 * entry: it is printed with console.log and never reaches the app's logs.
 */
export function devMailboxTransport(mailboxUrl: string, from: string): MailTransport {
  const transport: Transport<{ messageId: string }> = {
    name: 'dev-mailbox',
    version: '1.0.0',
    send(mail, callback) {
      const { to, subject } = mail.data;
      console.log(`[mail] to ${String(to)}: "${subject ?? ''}" — read it at ${mailboxUrl}`);
      callback(null, { messageId: mail.message.messageId() });
    },
  };
  return nodemailer.createTransport(transport, { from });
}

/** Where people on this machine open the dev mailbox. */
export function devMailboxUrl(config: Pick<Config, 'host' | 'port'>): string {
  const anyHost = ['0.0.0.0', '::', ''].includes(config.host);
  const host = anyHost ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host;
  return `http://${host}:${config.port}/dev/mailbox`;
}

/** Dev mailbox only outside production and only when no relay is configured. */
export function devMailboxEnabled(config: Pick<Config, 'env' | 'smtpUrl'>): boolean {
  return !config.smtpUrl && config.env !== 'production';
}

/**
 * The transport this configuration asks for; `undefined` in production without SMTP_URL, where
 * mail stays queued until a relay is configured (nothing is lost, nothing is pretended sent).
 */
export function createMailTransport(config: Config): MailTransport | undefined {
  if (config.smtpUrl) return smtpTransport(config.smtpUrl, config.mailFrom);
  if (devMailboxEnabled(config)) return devMailboxTransport(devMailboxUrl(config), config.mailFrom);
  return undefined;
}
