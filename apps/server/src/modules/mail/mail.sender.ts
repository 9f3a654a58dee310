import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { type Clock, systemClock } from '../../lib/clock.ts';
import { mailFailed, mailSent } from '../../lib/metrics.ts';
import { leaseDueMail, MAX_ATTEMPTS, markMailFailed, markMailsSent } from './mail.repo.ts';
import type { MailTransport } from './transport.ts';

/** Mails one pass claims (and leases) at a time. */
const BATCH_SIZE = 10;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60_000;

export interface PassResult {
  claimed: number;
  sent: number;
  failed: number;
  /** Failed for the last time: left unsent with its last error. */
  gaveUp: number;
}

/** 30 s after the first failure, doubling each time, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

/**
 * What is kept of a delivery error: the relay's answer, short. nodemailer's messages name the
 * host and the SMTP reply, never the password; any user:password@ in a URL is cut anyway.
 */
export function describeMailError(error: unknown): string {
  const err = error as { code?: unknown; message?: unknown };
  const message = typeof err?.message === 'string' ? err.message : String(error);
  const code = typeof err?.code === 'string' ? `${err.code}: ` : '';
  return `${code}${message}`
    .replace(/\/\/[^/\s@]*@/g, '//')
    .replace(/\s+/g, ' ')
    .slice(0, 300);
}

/**
 * A claimed mail is not due again for this long: a sender that died mid-delivery leaves it to
 * the next pass after that (far longer than any SMTP exchange, bounded by the transport's timeouts).
 */
export const LEASE_MS = 10 * 60_000;

/**
 * One pass: claim → commit → send. The claim takes due mail with FOR UPDATE SKIP LOCKED (so
 * concurrent passes, here or in other instances, never take the same row) and moves it out of
 * reach for LEASE_MS, in a transaction that commits before the first mail is sent: no
 * transaction is ever held across SMTP. A failure is recorded at once with its retry time; the
 * sent mails of the pass in one statement at its end. A crash mid-pass leaves the mail leased;
 * it is delivered again when the lease ends: at least once.
 * `now` is read from the clock the mails were queued with (see enqueueMail); it also stamps
 * the sent time, the lease and the retry time, so no comparison ever mixes two clocks.
 */
export async function deliverDueMail(db: Database, transport: MailTransport, now = new Date()): Promise<PassResult> {
  const due = await leaseDueMail(db, now, BATCH_SIZE, new Date(now.getTime() + LEASE_MS));
  const result: PassResult = { claimed: due.length, sent: 0, failed: 0, gaveUp: 0 };
  const sent: { id: string; dueAt: Date }[] = [];
  try {
    for (const mail of due) {
      try {
        await transport.sendMail({ to: mail.to, subject: mail.subject, html: mail.html, text: mail.text });
      } catch (error) {
        const attempts = mail.attempts + 1;
        await markMailFailed(db, mail.id, {
          attempts,
          error: describeMailError(error),
          retryAt: new Date(now.getTime() + retryDelayMs(attempts)),
        });
        result.failed += 1;
        mailFailed.inc();
        if (attempts >= MAX_ATTEMPTS) result.gaveUp += 1;
        continue;
      }
      sent.push({ id: mail.id, dueAt: mail.sendAfter });
      result.sent += 1;
      mailSent.inc();
    }
  } finally {
    // The pass's deliveries in one statement (fewer round trips while requests queue mail).
    await markMailsSent(db, sent, now);
  }
  return result;
}

export interface MailSender {
  /** Waits for the pass in flight, then stops polling. */
  stop(): Promise<void>;
  /** Runs a pass now instead of at the next poll (call it after the enqueueing transaction commits). */
  kick(): void;
  /** Resolves once no pass is running or asked for (tests wait on it instead of sleeping). */
  idle(): Promise<void>;
}

/**
 * Polls the outbox every `intervalMs` and right away on kick(); a full batch is followed at once
 * by another pass. Safe to run in several processes at once.
 */
export function startMailSender(options: {
  db: Database;
  transport: MailTransport;
  log: FastifyBaseLogger;
  intervalMs?: number;
  clock?: Clock;
}): MailSender {
  const { db, transport, log, intervalMs = 1000, clock = systemClock } = options;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> | undefined;
  let kicked = false;
  let failing = false;

  async function pass(): Promise<void> {
    let result: PassResult;
    do {
      result = await deliverDueMail(db, transport, clock.now());
      if (result.failed > result.gaveUp)
        log.warn({ failed: result.failed - result.gaveUp }, 'mail delivery failed; will retry');
      if (result.gaveUp > 0) log.error({ gaveUp: result.gaveUp, attempts: MAX_ATTEMPTS }, 'mail delivery gave up');
    } while (result.claimed === BATCH_SIZE && !stopped);
  }

  function run(): void {
    if (stopped) return;
    if (inFlight) {
      kicked = true;
      return;
    }
    clearTimeout(timer);
    inFlight = pass()
      .then(
        () => {
          if (failing) log.info('mail sender recovered');
          failing = false;
        },
        (error: unknown) => {
          // A database outage would repeat this every poll: say it once until it recovers.
          if (!failing) log.error({ err: error }, 'mail sender pass failed');
          failing = true;
        },
      )
      .finally(() => {
        inFlight = undefined;
        if (stopped) return;
        if (kicked) {
          kicked = false;
          run();
        } else {
          timer = setTimeout(run, intervalMs);
          timer.unref();
        }
      });
  }

  run();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await inFlight;
    },
    kick: run,
    async idle() {
      // A kick during a pass starts the next one as the pass ends: wait for the whole chain.
      while (inFlight) await inFlight;
    },
  };
}
