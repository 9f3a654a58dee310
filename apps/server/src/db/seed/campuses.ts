import { CAMPUSES } from '@campus/contract';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { campusEmailDomains, campuses } from '../schema/index.ts';

/** The contract's campus list is the source of truth; the table mirrors it for joins and keys. */
export async function seedCampuses(db: NodePgDatabase): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(campuses)
      .values(
        CAMPUSES.map((c) => ({
          id: c.id,
          slug: c.slug,
          name: c.name,
          shortName: c.shortName,
          isHub: c.isHub,
          privacy: c.privacy,
          url: c.url,
          city: c.location.city,
          state: c.location.state,
          country: c.location.country,
          themeColor: c.themeColor,
          instagram: c.instagram,
          supportEmail: c.supportEmail,
        })),
      )
      .onConflictDoUpdate({
        target: campuses.id,
        set: {
          slug: sql`excluded.slug`,
          name: sql`excluded.name`,
          shortName: sql`excluded.short_name`,
          isHub: sql`excluded.is_hub`,
          privacy: sql`excluded.privacy`,
          url: sql`excluded.url`,
          city: sql`excluded.city`,
          state: sql`excluded.state`,
          country: sql`excluded.country`,
          themeColor: sql`excluded.theme_color`,
          instagram: sql`excluded.instagram`,
          supportEmail: sql`excluded.support_email`,
        },
      });
    await tx.delete(campusEmailDomains);
    const domains = CAMPUSES.flatMap((c) => c.emailDomains.map((domain) => ({ campusId: c.id, domain })));
    if (domains.length > 0) await tx.insert(campusEmailDomains).values(domains);
  });
}
