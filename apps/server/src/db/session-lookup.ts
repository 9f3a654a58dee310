import type { DbOrTx } from './client.ts';
import { runNamed } from './named-statements.ts';

/**
 * The session lookup (plugins/session.ts): the session row by its unique token (`$1`), joined to
 * the user by primary key, refused when the session has expired or the user's email is banned.
 * A repository that reads more of the viewer with the session (one statement for a hot read)
 * builds its statement with `sessionLookupText` and runs it by name; the plugin only hands it the
 * token and keeps the answer for the request.
 */
const SESSION_WHERE = `FROM sessions s JOIN users u ON u.id = s.user_id
  WHERE s.token = $1 AND s.expires_at > now()
    AND NOT EXISTS (SELECT 1 FROM banned_emails b WHERE b.email = u.email)`;

/**
 * The columns of a SessionUser (plugins/session.ts), over the user `u`, and the end of the
 * user's open suspension if any (docs/decisions/039-campus-moderators.md): the plugin compares it
 * with the app clock and refuses the session while it is ahead. One indexed probe of a small table.
 */
const SESSION_USER_COLUMNS = `u.id, u.email::text AS email, u.verified, u.school_verified AS "schoolVerified",
  u.campus_id AS "campusId",
  (SELECT max(x.ends_at) FROM member_suspensions x WHERE x.user_id = u.id AND x.lifted_at IS NULL) AS "suspendedUntil"`;

/** The session lookup with more select-list expressions over the session `s` and the user `u` (`$2`… are theirs). */
export const sessionLookupText = (columns?: string) =>
  `SELECT ${SESSION_USER_COLUMNS}${columns ? `, ${columns}` : ''} ${SESSION_WHERE}`;

/** The columns `/api/me` shows of one's own account, beside the session user's (and whether they moderate their campus). */
const VIEWER_COLUMNS = `u.first_name AS "firstName", u.last_name AS "lastName", u.username::text AS username, u.img,
  u.bio, u.school_email::text AS "schoolEmail", u.profile_set_up AS "profileSetUp", u.created_at AS "createdAt",
  EXISTS (SELECT 1 FROM campus_moderators m WHERE m.user_id = u.id AND m.campus_id = u.campus_id) AS "moderatesCampus"`;

/** The session's user by token, or undefined (named statement `session_user`). */
export async function findSessionUser<R extends object>(db: DbOrTx, token: string): Promise<R | undefined> {
  const [row] = await runNamed<R>(db, 'session_user', () => sessionLookupText(), [token]);
  return row;
}

/** The session's user with the columns of their own account (`/api/me`). */
export async function findSessionViewer<R extends object>(db: DbOrTx, token: string): Promise<R | undefined> {
  const [row] = await runNamed<R>(db, 'session_viewer', () => sessionLookupText(VIEWER_COLUMNS), [token]);
  return row;
}

/** The session's user with the session row's id (the event stream ends when that row goes). */
export async function findSessionWithId<R extends object>(db: DbOrTx, token: string): Promise<R | undefined> {
  const [row] = await runNamed<R>(db, 'session_with_id', () => sessionLookupText('s.id AS "sessionId"'), [token]);
  return row;
}

/**
 * The session by token is still open, for this user, school-verified, still on this campus and
 * not suspended at `now` (the app clock): an open event stream.
 */
export async function sessionStillAllows(
  db: DbOrTx,
  token: string,
  userId: string,
  campusId: string,
  now: Date,
): Promise<boolean> {
  const text = `${sessionLookupText()} AND u.id = $2 AND u.school_verified AND u.campus_id = $3
    AND NOT EXISTS (SELECT 1 FROM member_suspensions x WHERE x.user_id = u.id AND x.lifted_at IS NULL AND x.ends_at > $4)`;
  const rows = await runNamed(db, 'session_still_allows', () => text, [token, userId, campusId, now]);
  return rows.length > 0;
}

/** A member's suspension open at `now` (the app clock): its end and reason, or undefined. */
export async function findOpenSuspension(
  db: DbOrTx,
  userId: string,
  now: Date,
): Promise<{ endsAt: Date; reason: string } | undefined> {
  const rows = await runNamed<{ endsAt: Date; reason: string }>(
    db,
    'open_suspension',
    () => `SELECT ends_at AS "endsAt", reason FROM member_suspensions
      WHERE user_id = $1 AND lifted_at IS NULL AND ends_at > $2 ORDER BY ends_at DESC LIMIT 1`,
    [userId, now],
  );
  return rows[0];
}

/** Which of these sessions still exist (the others were ended while the LISTEN connection was down). */
export async function sessionsStillOpen(db: DbOrTx, ids: string[]): Promise<Set<string>> {
  const rows = await runNamed<{ id: string }>(
    db,
    'sessions_still_open',
    () => 'SELECT id FROM sessions WHERE id = ANY($1::text[])',
    [ids],
  );
  return new Set(rows.map((row) => row.id));
}

/** The user moderates this campus (docs/product/moderation.md): the viewer's `moderator` flag beside /api/me. */
export async function moderatesCampus(db: DbOrTx, userId: string, campusId: string): Promise<boolean> {
  const rows = await runNamed(
    db,
    'moderates_campus',
    () => 'SELECT 1 FROM campus_moderators WHERE user_id = $1 AND campus_id = $2',
    [userId, campusId],
  );
  return rows.length > 0;
}
