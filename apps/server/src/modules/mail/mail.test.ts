import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../../test/app.ts';
import { loadConfig } from '../../config.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import { securityPlugin } from '../../plugins/security.ts';
import { mailPlugin } from './mail.plugin.ts';
import { deliverDueMail } from './mail.sender.ts';
import { startSmtpTestServer } from './smtp-test-server.ts';
import { passwordResetMail, signInLinkMail, verificationCodeMail } from './templates.ts';
import { createMailTransport, devMailboxTransport, devMailboxUrl } from './transport.ts';

const { app, db, config } = await createTestApp();

beforeEach(async () => {
  await db.delete(mailOutbox);
});

interface DevMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
  sentAt: string | null;
}

async function mailbox(query = ''): Promise<DevMail[]> {
  const res = await app.inject({ method: 'GET', url: `/api/dev/mailbox${query}` });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json();
}

const simpleMail = (to: string, subject: string) => ({ to, subject, html: `<p>${subject}</p>`, text: subject });

describe('templates', () => {
  const siteUrl = 'https://ou.campusbuysell.app';

  it('verification code: the spec’s subject, the code and its two-hour expiry in both parts', () => {
    const mail = verificationCodeMail({ code: '0427', campusShortName: 'OU', siteUrl });
    expect(mail.subject).toBe('0427 is your OU Buy / Sell verification code');
    for (const body of [mail.html, mail.text]) {
      expect(body).toContain('0427');
      expect(body).toContain('Codes expire after two hours.');
      expect(body).toContain(siteUrl);
    }
    expect(mail.html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(mail.html).toContain('<title>0427 is your OU Buy / Sell verification code</title>');
    expect(mail.html).not.toContain('<script');
  });

  it('escapes every interpolated value', () => {
    const mail = verificationCodeMail({ code: '<b>1</b>', campusShortName: 'A&M "Aggies"', siteUrl });
    expect(mail.html).not.toContain('<b>1</b>');
    expect(mail.html).toContain('&#60;b&#62;1&#60;/b&#62;');
    expect(mail.html).toContain('A&#38;M &#34;Aggies&#34; Buy / Sell');
    const link = signInLinkMail({ url: 'https://ou.campusbuysell.app/verify?token=a"b<c&d=1', campusShortName: 'OU' });
    expect(link.html).not.toMatch(/token=a"|<c/);
    expect(link.html).toContain('href="https://ou.campusbuysell.app/verify?token=a%22b%3Cc&#38;d=1"');
  });

  it('sign-in link: subject, the link in both parts, expiry and single use', () => {
    const url = 'http://localhost:3000/api/auth/magic-link/verify?token=abc';
    const mail = signInLinkMail({ url, campusShortName: 'UT', expiresInMinutes: 5 });
    expect(mail.subject).toBe('Sign in to UT Buy / Sell');
    expect(mail.html).toContain(`href="${url}"`);
    expect(mail.text).toContain(`Sign in: ${url}`);
    expect(mail.text).toContain('This link expires in 5 minutes and can be used only once.');
    expect(signInLinkMail({ url, campusShortName: 'UT' }).text).toContain('This link expires soon');
  });

  it('password reset: subject and link', () => {
    const url = 'https://ut.campusbuysell.app/reset-password?token=xyz';
    const mail = passwordResetMail({ url, campusShortName: 'UT', expiresInMinutes: 60 });
    expect(mail.subject).toBe('Reset your UT Buy / Sell password');
    expect(mail.html).toContain(`href="${url}"`);
    expect(mail.text).toContain(`Reset password: ${url}`);
    expect(mail.text).toContain('expires in 60 minutes');
  });

  it('refuses links that are not web addresses', () => {
    expect(() => signInLinkMail({ url: 'javascript:alert(1)', campusShortName: 'OU' })).toThrow();
  });
});

describe('app.mailer', () => {
  it('queues mail in the outbox', async () => {
    const id = await app.mailer.enqueue(db, simpleMail('amy@ou.edu', 'Hello'));
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ to: 'amy@ou.edu', subject: 'Hello', attempts: 0, sentAt: null, lastError: null });
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('commits mail with the caller’s transaction', async () => {
    await db.transaction(async (tx) => {
      await app.mailer.enqueue(tx, simpleMail('amy@ou.edu', 'In a transaction'));
    });
    expect((await mailbox()).map((m) => m.subject)).toEqual(['In a transaction']);
  });
});

describe('dev transport', () => {
  it('prints one line to stdout and marks the mail sent, keeping it for the mailbox', async () => {
    const print = vi.spyOn(console, 'log').mockImplementation(() => {});
    const transport = devMailboxTransport(devMailboxUrl({ host: 'localhost', port: 3000 }), config.mailFrom);
    await app.mailer.enqueue(db, {
      to: 'alice@ou.edu',
      ...verificationCodeMail({ code: '1234', campusShortName: 'OU', siteUrl: 'http://localhost:3000' }),
    });
    expect(await deliverDueMail(db, transport)).toMatchObject({ sent: 1 });
    expect(print.mock.calls).toEqual([
      [
        '[mail] to alice@ou.edu: "1234 is your OU Buy / Sell verification code" — read it at http://localhost:3000/dev/mailbox',
      ],
    ]);
    print.mockRestore();
    const [mail] = await mailbox();
    expect(mail?.sentAt).toEqual(expect.any(String));
  });

  it('is chosen only without SMTP and outside production', () => {
    const base = { NODE_ENV: 'development' };
    expect(createMailTransport(loadConfig(base))?.transporter.name).toBe('dev-mailbox');
    expect(createMailTransport(loadConfig({ ...base, SMTP_URL: 'smtp://127.0.0.1:2525' }))?.transporter.name).toBe(
      'SMTP',
    );
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) };
    expect(createMailTransport(loadConfig(production))).toBeUndefined();
    expect(devMailboxUrl({ host: '0.0.0.0', port: 8080 })).toBe('http://localhost:8080/dev/mailbox');
  });
});

describe('GET /api/dev/mailbox', () => {
  it('lists mail newest first with its parts and times', async () => {
    for (const subject of ['first', 'second', 'third']) await app.mailer.enqueue(db, simpleMail('amy@ou.edu', subject));
    const mails = await mailbox();
    expect(mails.map((m) => m.subject)).toEqual(['third', 'second', 'first']);
    expect(mails[0]).toEqual({
      id: expect.any(String),
      to: 'amy@ou.edu',
      subject: 'third',
      text: 'third',
      html: '<p>third</p>',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      sentAt: null,
      headers: {},
    });
  });

  it('filters by recipient, ignoring letter case', async () => {
    await app.mailer.enqueue(db, simpleMail('Amy@OU.edu', 'for amy'));
    await app.mailer.enqueue(db, simpleMail('ben@ou.edu', 'for ben'));
    expect((await mailbox('?to=amy@ou.edu')).map((m) => m.subject)).toEqual(['for amy']);
    expect((await mailbox('?to=BEN@ou.edu')).map((m) => m.subject)).toEqual(['for ben']);
    expect(await mailbox('?to=nobody@ou.edu')).toEqual([]);
  });

  it('keeps to the latest 50', async () => {
    await db.insert(mailOutbox).values(
      Array.from({ length: 55 }, (_, i) => ({
        id: `m${String(i).padStart(2, '0')}`,
        ...simpleMail('amy@ou.edu', `mail ${i}`),
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
      })),
    );
    const mails = await mailbox();
    expect(mails).toHaveLength(50);
    expect(mails[0]?.subject).toBe('mail 54');
    expect(mails[49]?.subject).toBe('mail 5');
  });
});

describe('GET /dev/mailbox', () => {
  it('shows an empty state', async () => {
    const res = await app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Dev mailbox</title>');
    expect(res.body).toContain('No mail yet.');
  });

  it('renders the mails newest first without any script, the mail HTML in a sandboxed frame', async () => {
    await app.mailer.enqueue(db, {
      to: 'alice@ou.edu',
      ...verificationCodeMail({ code: '1234', campusShortName: 'OU', siteUrl: 'http://localhost:3000' }),
    });
    await app.mailer.enqueue(db, {
      to: 'mallory@ou.edu',
      subject: '<script>alert(1)</script> & "quotes"',
      html: '<p onclick="x()">Hi</p><script>alert(2)</script>',
      text: 'Hi </pre><script>alert(3)</script>',
    });
    const res = await app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    // Its own policy: inline styles (mail HTML is styled inline), no script whatsoever.
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; script-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    );
    const page = res.body;
    expect(page.toLowerCase()).not.toContain('<script');
    expect(page).toContain('1234 is your OU Buy / Sell verification code');
    expect(page).toContain('alice@ou.edu');
    expect(page).toContain('Codes expire after two hours.');
    expect(page).toContain('&#60;script&#62;alert(1)&#60;/script&#62; &#38; &#34;quotes&#34;');
    expect(page.indexOf('mallory@ou.edu')).toBeLessThan(page.indexOf('alice@ou.edu'));
    expect(page).toMatch(
      /<iframe sandbox="allow-popups allow-popups-to-escape-sandbox"[^>]* srcdoc="&#60;!doctype html&#62;/,
    );
    expect(page).not.toContain('No mail yet.');
  });

  it('filters by recipient', async () => {
    await app.mailer.enqueue(db, simpleMail('amy@ou.edu', 'for amy'));
    await app.mailer.enqueue(db, simpleMail('ben@ou.edu', 'for ben'));
    const page = (await app.inject({ method: 'GET', url: '/dev/mailbox?to=Ben@ou.edu' })).body;
    expect(page).toContain('for ben');
    expect(page).not.toContain('for amy');
    expect(page).toContain('value="Ben@ou.edu"');
  });
});

describe('where the dev mailbox does not exist', () => {
  const cases = [
    ['production', { NODE_ENV: 'production', AUTH_SECRET: 'p'.repeat(32) }],
    ['development with SMTP', { NODE_ENV: 'development', SMTP_URL: 'smtp://127.0.0.1:2525' }],
  ] as const;
  for (const [name, env] of cases) {
    it(`answers 404 in ${name}`, async () => {
      const other = await createTestApp(env);
      for (const url of ['/api/dev/mailbox', '/dev/mailbox']) {
        const res = await other.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
      }
    });
  }
});

describe('mail plugin with its sender running', () => {
  it('delivers what is enqueued outside a transaction at once, and stops with the app', async () => {
    const smtp = await startSmtpTestServer();
    const server = Fastify();
    await server.register(securityPlugin);
    await server.register(mailPlugin, {
      db,
      config: { ...config, smtpUrl: smtp.url },
      startSender: true,
      senderIntervalMs: 60_000,
    });
    await server.ready();
    afterAll(async () => {
      await smtp.close();
    });

    const id = await server.mailer.enqueue(db, simpleMail('amy@ou.edu', 'right away'));
    // Marked sent once the relay has accepted it and the pass commits.
    await vi.waitFor(
      async () => {
        const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
        expect(row?.sentAt).toBeInstanceOf(Date);
      },
      { timeout: 5000 },
    );
    expect(smtp.received.map((m) => m.message.subject)).toEqual(['right away']);

    await server.close();
    await server.mailer.enqueue(db, simpleMail('amy@ou.edu', 'after close'));
    server.mailer.kick();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(smtp.received).toHaveLength(1);
  });
});
