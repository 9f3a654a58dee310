import { boolean, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The campuses (tenants). Mirrors `CAMPUSES` of @campus/contract, upserted at start-up. */
export const campuses = pgTable('campuses', {
  id: uuid('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  shortName: text('short_name').notNull(),
  isHub: boolean('is_hub').notNull().default(false),
  privacy: text('privacy', { enum: ['private', 'public'] })
    .notNull()
    .default('private'),
  url: text('url').notNull(),
  city: text('city').notNull(),
  state: text('state').notNull(),
  country: text('country').notNull(),
  themeColor: text('theme_color').notNull(),
  instagram: text('instagram').notNull(),
  supportEmail: text('support_email').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});

/** Email domains that prove membership of a campus; a campus may have several. */
export const campusEmailDomains = pgTable(
  'campus_email_domains',
  {
    campusId: uuid('campus_id')
      .notNull()
      .references(() => campuses.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull().unique(),
  },
  (t) => [primaryKey({ columns: [t.campusId, t.domain] })],
);
