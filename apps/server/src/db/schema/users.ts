import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { campuses } from './campuses.ts';

const citext = customType<{ data: string }>({ dataType: () => 'citext' });

/**
 * The User of docs/product/accounts.md#user-record. Accounts and sessions (better-auth) attach to this table; the
 * foundation needs it for the campus member count (school-verified users of a campus).
 */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    campusId: uuid('campus_id').references(() => campuses.id),
    /** Display name as the sign-in methods give it (better-auth's required `name`). */
    name: text('name').notNull(),
    firstName: varchar('first_name', { length: 20 }).notNull(),
    lastName: varchar('last_name', { length: 20 }).notNull(),
    username: citext('username').notNull().unique(),
    email: citext('email').notNull().unique(),
    schoolEmail: citext('school_email'),
    gradYear: integer('grad_year'),
    phone: varchar('phone', { length: 20 }),
    gender: text('gender', { enum: ['male', 'female', 'other'] }),
    img: text('img'),
    bio: varchar('bio', { length: 160 }),
    birthDate: jsonb('birth_date').$type<{ month: number; day: number; year: number }>(),
    profileSetUp: boolean('profile_set_up').notNull().default(false),
    gettingStarted: boolean('getting_started').notNull().default(true),
    /** Email verified (better-auth's `emailVerified`). */
    verified: boolean('verified').notNull().default(false),
    schoolVerified: boolean('school_verified').notNull().default(false),
    type: text('type', { enum: ['individual'] })
      .notNull()
      .default('individual'),
    emailNotifications: boolean('email_notifications').notNull().default(true),
    availableFunds: integer('available_funds').notNull().default(0),
    totalPosts: integer('total_posts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    lastModified: timestamp('last_modified', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    // Member count: an index-only count per campus.
    index('users_campus_members_idx').on(t.campusId).where(sql`${t.schoolVerified}`),
    // One school email, one account: a verified school email (citext, so case is ignored)
    // belongs to one account at a time; two accounts verifying it at once cannot both win.
    uniqueIndex('users_verified_school_email_idx').on(t.schoolEmail).where(sql`${t.schoolVerified}`),
    // People search (migration 0008): names and username, trigram, per campus.
    index('users_search_idx')
      .using(
        'gin',
        t.campusId,
        sql`search_unaccent(lower(${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.username}::text)) gin_trgm_ops`,
      )
      .where(sql`${t.schoolVerified}`),
  ],
);

/**
 * A user as posts, chats, ads, notifications and search show them: name, handle, photo and
 * verified mark. Every module's repo selects these columns for an author card; defined once here,
 * beside the table, so that no repo reaches into another module for them.
 */
export const userSummaryColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  img: users.img,
  verified: users.verified,
};
