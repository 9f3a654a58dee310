import { PROFILE_MESSAGES } from '@campus/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.ts';
import { member } from '../../../test/posts.ts';
import { roles, usernameOf } from '../../../test/profiles.ts';
import { userReports } from '../../db/schema/index.ts';

const { app, db } = await createTestApp();

const reportsOf = (targetId: string) => db.select().from(userReports).where(eq(userReports.targetId, targetId));

describe('reporting a user', () => {
  it('each role: only another member of the campus reports; every refusal stores nothing', async () => {
    const r = await roles(app, db);
    const url = `/api/profiles/${await usernameOf(db, r.ownerUser.id)}/report`;
    const body = { reason: 'Asked me to pay outside the app' };

    expect((await r.anonymous.post(url, body)).json().code).toBe('UNAUTHENTICATED');
    expect((await r.unverified.post(url, body)).json().code).toBe('EMAIL_NOT_VERIFIED');
    expect((await r.noCampus.post(url, body)).json().code).toBe('SCHOOL_NOT_VERIFIED');
    expect((await r.otherCampus.post(url, body)).json()).toMatchObject({ statusCode: 403, code: 'NOT_A_MEMBER' });
    expect((await r.owner.post(url, body)).json()).toEqual({
      statusCode: 400,
      code: 'CANNOT_REPORT_SELF',
      message: "You can't report yourself.",
    });
    expect(await reportsOf(r.ownerUser.id)).toEqual([]);

    const res = await r.other.post(url, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: PROFILE_MESSAGES.userReported });
    const [stored] = await reportsOf(r.ownerUser.id);
    expect(stored).toMatchObject({
      reporterId: r.otherUser.id,
      targetId: r.ownerUser.id,
      reason: body.reason,
      campusId: r.ownerUser.campusId ?? expect.any(String),
    });
    expect(stored?.createdAt).toBeInstanceOf(Date);
  });

  it('is stored once per reporter and target; a second report answers the same', async () => {
    const { browser } = await member(app, db, 'ou', 'Rita Reporter');
    const { browser: second } = await member(app, db, 'ou', 'Sam Second');
    const { user: target } = await member(app, db, 'ou', 'Tom Target');
    const url = `/api/profiles/${target.username.toUpperCase()}/report`;
    expect((await browser.post(url, { reason: 'first' })).json()).toEqual({ message: PROFILE_MESSAGES.userReported });
    expect((await browser.post(url, { reason: 'again' })).json()).toEqual({ message: PROFILE_MESSAGES.userReported });
    expect((await browser.post(url, {})).statusCode).toBe(200);
    const rows = await reportsOf(target.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.reason).toBe('first');
    // Another reporter is another report.
    expect((await second.post(url, {})).statusCode).toBe(200);
    expect(await reportsOf(target.id)).toHaveLength(2);
  });

  it('a member of another campus and a missing user cannot be reported from here', async () => {
    const { browser } = await member(app, db, 'ou', 'Olga Ou');
    const { user: longhorn } = await member(app, db, 'ut', 'Lon Horn');
    const res = await browser.post(`/api/profiles/${longhorn.username}/report`, { reason: 'x' });
    expect(res.json()).toMatchObject({ statusCode: 404, code: 'USER_NOT_FOUND', message: PROFILE_MESSAGES.notFound });
    expect((await browser.post('/api/profiles/nobody-here/report', {})).statusCode).toBe(404);
    expect(await reportsOf(longhorn.id)).toEqual([]);
  });

  it('hostile bodies get a 4xx and store nothing', async () => {
    const { browser } = await member(app, db, 'ou', 'Hana Hostile');
    const { user: target } = await member(app, db, 'ou', 'Tara Target');
    const url = `/api/profiles/${target.username}/report`;
    for (const body of [
      { reason: 'x'.repeat(501) },
      { reason: 42 },
      { reason: ['a'] },
      { reason: 'bell\u0007' },
      { reason: 'nul\u0000' },
    ]) {
      const res = await browser.post(url, body);
      expect(res.statusCode).toBe(400);
    }
    expect((await browser.send('POST', url, Buffer.from('{"reason":'), 'application/json')).statusCode).toBe(400);
    expect(await reportsOf(target.id)).toEqual([]);
    // Line breaks in a reason are fine.
    expect((await browser.post(url, { reason: 'line one\nline two' })).statusCode).toBe(200);
  });
});
