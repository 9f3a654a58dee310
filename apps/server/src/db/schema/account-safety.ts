import { sql } from 'drizzle-orm';
import { customType, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { campuses } from './campuses.ts';
import { users } from './users.ts';

const citext = customType<{ data: string }>({ dataType: () => 'citext' });
const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/** Addresses that may neither sign up nor sign in ('Account has been banned'). */
export const bannedEmails = pgTable('banned_emails', {
  email: citext('email').primaryKey(),
  reason: text('reason'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Failed password sign-ins per account; a run of them disables password sign-in for a while. */
export const loginLockouts = pgTable('login_lockouts', {
  email: citext('email').primaryKey(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  lockedUntil: ts('locked_until'),
  lastFailedAt: ts('last_failed_at').notNull().defaultNow(),
});

/**
 * 4-digit codes for joining a campus with a school email and for changing the sign-in
 * email (spec 2 §3 'verifications'). Stored hashed; valid 2 hours; attempts counted.
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

/** The Mail record of spec 1 §3: queued here, delivered by jobs/mail-sender.ts. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: text('id').primaryKey(),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sendAfter: ts('send_after').notNull().defaultNow(),
    sentAt: ts('sent_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_pending_idx').on(t.sendAfter).where(sql`${t.sentAt} IS NULL`)],
);
