import { CAMPUSES, campusById, campusBySlug } from '@campus/contract';
import type { Database } from '../../db/client.ts';
import { type Clock, systemClock } from '../../lib/clock.ts';
import { findMemberByEmail, grantModerator, listModerators, revokeModerator } from './moderation.repo.ts';

const MODERATORS_USAGE = `Usage:
  npm run moderators -- grant <email> <campus> [--by <name>]   make a member a moderator of their campus
  npm run moderators -- revoke <email> <campus>                 take the role back
  npm run moderators -- list [<campus>]                         who moderates (one campus, or all)
<email> is the member's sign-in or school email; <campus> is a campus slug (${CAMPUSES.map((c) => c.slug).join(', ')}).`;

/**
 * The only way to grant or revoke the moderator role (docs/product/moderation.md#granting,
 * docs/security.md#moderators): an operator with access to the server runs it. No route grants
 * it. A moderator must be a school-verified member of the campus they moderate. Answers the
 * lines to print and an exit code.
 */
export async function runModeratorsCommand(
  db: Database,
  args: string[],
  clock: Clock = systemClock,
): Promise<{ code: number; lines: string[] }> {
  const [verb, ...rest] = args;
  const byIndex = rest.indexOf('--by');
  const by = byIndex >= 0 ? (rest[byIndex + 1] ?? '') : (process.env.USER ?? 'operator');
  const positional = byIndex >= 0 ? rest.slice(0, byIndex) : rest;
  const fail = (message: string) => ({ code: 1, lines: [message, '', MODERATORS_USAGE] });

  if (verb === 'list') {
    const campus = positional[0] ? campusBySlug(positional[0]) : undefined;
    if (positional[0] && !campus) return fail(`Unknown campus '${positional[0]}'.`);
    const rows = await listModerators(db, campus?.id);
    if (rows.length === 0) return { code: 0, lines: ['No moderators.'] };
    return {
      code: 0,
      lines: rows.map(
        (r) =>
          `${campusById(r.campusId)?.slug ?? r.campusId}\t${r.email}\t@${r.username}\tgranted ${r.grantedAt.toISOString()} by ${r.grantedBy}`,
      ),
    };
  }
  if (verb !== 'grant' && verb !== 'revoke') return fail(verb ? `Unknown command '${verb}'.` : 'No command given.');
  const [emailArg, slug] = positional;
  if (!emailArg || !slug || positional.length > 2) return fail('Give an email and a campus.');
  const campus = campusBySlug(slug);
  if (!campus || campus.isHub) return fail(`Unknown campus '${slug}'.`);
  const email = emailArg.trim().toLowerCase();
  const member = await findMemberByEmail(db, email);
  if (!member) return fail(`No account with the email ${email}.`);
  if (verb === 'revoke') {
    const done = await revokeModerator(db, member.id, campus.id);
    return {
      code: 0,
      lines: [done ? `${email} no longer moderates ${campus.slug}.` : `${email} did not moderate ${campus.slug}.`],
    };
  }
  if (!member.schoolVerified || member.campusId !== campus.id) {
    return fail(`${email} is not a school-verified member of ${campus.slug}.`);
  }
  if (!by.trim()) return fail('--by needs a name.');
  const done = await grantModerator(db, member.id, campus.id, by.trim().slice(0, 200), clock.now());
  return {
    code: 0,
    lines: [done ? `${email} now moderates ${campus.slug}.` : `${email} already moderates ${campus.slug}.`],
  };
}

/** The demo's moderators (demo/demo-accounts.ts): granted once, by 'demo seed'; a missing account is skipped. */
export async function grantDemoModerators(
  db: Database,
  list: ReadonlyArray<{ email: string; campus: string }>,
  clock: Clock = systemClock,
): Promise<void> {
  for (const { email, campus } of list) {
    const member = await findMemberByEmail(db, email);
    const site = campusBySlug(campus);
    if (member && site && member.campusId === site.id)
      await grantModerator(db, member.id, site.id, 'demo seed', clock.now());
  }
}
