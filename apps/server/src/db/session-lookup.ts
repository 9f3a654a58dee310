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

/** The columns of a SessionUser (plugins/session.ts), over the user `u`. */
const SESSION_USER_COLUMNS = `u.id, u.email::text AS email, u.verified, u.school_verified AS "schoolVerified",
  u.campus_id AS "campusId"`;

/** The session lookup with more select-list expressions over the session `s` and the user `u` (`$2`… are theirs). */
export const sessionLookupText = (columns?: string) =>
  `SELECT ${SESSION_USER_COLUMNS}${columns ? `, ${columns}` : ''} ${SESSION_WHERE}`;

/** The columns `/api/me` shows of one's own account, beside the session user's. */
const VIEWER_COLUMNS = `u.first_name AS "firstName", u.last_name AS "lastName", u.username::text AS username, u.img,
  u.bio, u.school_email::text AS "schoolEmail", u.profile_set_up AS "profileSetUp", u.created_at AS "createdAt"`;

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

/** The session by token is still open, for this user, school-verified and still on this campus (an open event stream). */
export async function sessionStillAllows(
  db: DbOrTx,
  token: string,
  userId: string,
  campusId: string,
): Promise<boolean> {
  const text = `${sessionLookupText()} AND u.id = $2 AND u.school_verified AND u.campus_id = $3`;
  const rows = await runNamed(db, 'session_still_allows', () => text, [token, userId, campusId]);
  return rows.length > 0;
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
