import { sql } from 'drizzle-orm';
import { customType, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { campuses } from './campuses.ts';
import { ts } from './columns.ts';
import { users } from './users.ts';

const citext = customType<{ data: string }>({ dataType: () => 'citext' });

/** Addresses that may neither sign up nor sign in ('Account has been banned'). */
export const bannedEmails = pgTable('banned_emails', {
  email: citext('email').primaryKey(),
  reason: text('reason'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * Password sign-in attempts per account and client address; a run of failures disables
 * password sign-in from that address for a while. Keyed on both so that a stranger guessing
 * from elsewhere cannot lock the owner out. An attempt is counted before the password is
 * checked (see account-safety.repo.ts), so parallel guesses cannot slip past the limit.
 */
export const loginLockouts = pgTable(
  'login_lockouts',
  {
    email: citext('email').notNull(),
    clientIp: text('client_ip').notNull().default(''),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedUntil: ts('locked_until'),
    lastFailedAt: ts('last_failed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.email, t.clientIp] })],
);

/**
 * Password checks per account from addresses it never proved itself from, however many
 * (ACCOUNT_SAFETY_LIMITS.passwordFailuresPerAccount): after that many failures, a check only
 * once `next_check_at` has passed, the delay doubling up to a cap. Counted before the password
 * is checked, under this row's lock (account-safety.repo.ts).
 */
export const passwordAccountGuards = pgTable('password_account_guards', {
  email: citext('email').primaryKey(),
  failures: integer('failures').notNull().default(0),
  nextCheckAt: ts('next_check_at'),
  lastFailedAt: ts('last_failed_at').notNull().defaultNow(),
});

/**
 * Addresses an account proved itself from (a right password, a password reset): spared the
 * per-account delay above, so a stranger's guessing elsewhere does not keep the owner out.
 */
export const passwordKnownAddresses = pgTable(
  'password_known_addresses',
  {
    email: citext('email').notNull(),
    clientIp: text('client_ip').notNull(),
    provedAt: ts('proved_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.email, t.clientIp] })],
);

/**
 * Wrong guesses and code requests per account across all its codes (email verification
 * code, school-email PIN): fixed windows that start with the first guess / request.
 */
export const accountCodeGuards = pgTable('account_code_guards', {
  email: citext('email').primaryKey(),
  wrongGuesses: integer('wrong_guesses').notNull().default(0),
  guessesSince: ts('guesses_since'),
  sends: integer('sends').notNull().default(0),
  sendsSince: ts('sends_since'),
  lastSentAt: ts('last_sent_at'),
});

/**
 * 4-digit codes for joining a campus with a school email and for changing the sign-in
 * email (docs/product/accounts.md#verification-codes). Stored hashed; valid 2 hours; attempts counted.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    action: text('action', { enum: ['verify school', 'change email'] }).notNull(),
    email: citext('email').notNull(),
    campusId: uuid('campus_id').references(() => campuses.id),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('verification_codes_user_action_idx').on(t.userId, t.action)],
);

/** The Mail record of docs/product/messages.md#mail-record: queued here, delivered by modules/mail/mail.sender.ts. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: text('id').primaryKey(),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post on notification emails, decision 040). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sendAfter: ts('send_after').notNull().defaultNow(),
    sentAt: ts('sent_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_pending_idx').on(t.sendAfter).where(sql`${t.sentAt} IS NULL`)],
);
