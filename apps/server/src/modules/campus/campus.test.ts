import { CAMPUS_IDS, CAMPUSES, type CampusResponse, CampusResponseSchema } from '@campus/contract';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.ts';
import { users } from '../../db/schema/index.ts';

const { app, db } = await createTestApp({ CAMPUS_HOSTS: 'buysell.example.edu=ut' });

async function campusFor(host: string): Promise<CampusResponse> {
  const res = await app.inject({ method: 'GET', url: '/api/campus', headers: { host } });
  expect(res.statusCode).toBe(200);
  return CampusResponseSchema.parse(res.json());
}

describe('GET /api/campus picks the campus from the host', () => {
  it.each(CAMPUSES.map((c) => [c.slug, c] as const))('%s.localhost answers that campus', async (slug, campus) => {
    const body = await campusFor(`${slug}.localhost:3000`);
    expect(body.id).toBe(campus.id);
    expect(body.shortName).toBe(campus.shortName);
    expect(body.siteUrl).toBe(`http://${slug}.localhost:3000`);
  });

  it.each(CAMPUSES.map((c) => [new URL(c.url).hostname, c.id] as const))('%s (production host)', async (host, id) => {
    expect((await campusFor(host)).id).toBe(id);
  });

  it('falls back to OU for localhost and for unknown hosts', async () => {
    expect((await campusFor('localhost:3000')).id).toBe(CAMPUS_IDS.ou);
    expect((await campusFor('127.0.0.1:3000')).id).toBe(CAMPUS_IDS.ou);
    expect((await campusFor('unknown.example.com')).id).toBe(CAMPUS_IDS.ou);
  });

  it('honours hosts configured in CAMPUS_HOSTS, case-insensitively', async () => {
    expect((await campusFor('BuySell.Example.edu')).id).toBe(CAMPUS_IDS.ut);
  });

  it('offers email links and password reset on OU only, Google only when configured', async () => {
    expect((await campusFor('ou.localhost')).signIn).toEqual({ google: false, emailLink: true, forgotPassword: true });
    expect((await campusFor('ut.localhost')).signIn).toEqual({
      google: false,
      emailLink: false,
      forgotPassword: false,
    });
  });

  it('marks the hub and keeps every campus private', async () => {
    const hub = await campusFor('hub.localhost');
    expect(hub.isHub).toBe(true);
    expect(hub.id).toBe(CAMPUS_IDS.hub);
    expect((await campusFor('ou.localhost')).privacy).toBe('private');
  });
});

describe('member count', () => {
  it('counts only school-verified users of the campus', async () => {
    expect((await campusFor('smu.localhost')).memberCount).toBe(0);
    const user = (n: number, campusId: string, schoolVerified: boolean) => ({
      id: `u${n}`,
      name: 'Test User',
      firstName: 'Test',
      lastName: 'User',
      username: `testuser${n}`,
      email: `test${n}@example.com`,
      campusId,
      schoolVerified,
    });
    await db
      .insert(users)
      .values([
        user(1, CAMPUS_IDS.smu, true),
        user(2, CAMPUS_IDS.smu, true),
        user(3, CAMPUS_IDS.smu, false),
        user(4, CAMPUS_IDS.uf, true),
      ]);
    expect((await campusFor('smu.localhost')).memberCount).toBe(2);
    expect((await campusFor('uf.localhost')).memberCount).toBe(1);
  });
});

describe('GET /api/campuses', () => {
  it('lists all 15 campuses with sibling site addresses in development', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/campuses', headers: { host: 'ou.localhost:3000' } });
    const list = res.json() as { slug: string; siteUrl: string }[];
    expect(list).toHaveLength(15);
    expect(list.find((c) => c.slug === 'ut')?.siteUrl).toBe('http://ut.localhost:3000');
  });

  it('uses the configured site address in production', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/campuses', headers: { host: 'ou.campusbuysell.app' } });
    const list = res.json() as { slug: string; siteUrl: string }[];
    expect(list.find((c) => c.slug === 'mit')?.siteUrl).toBe('https://mit.campusbuysell.app');
  });
});

describe('GET /api/campuses/:id/logo.svg', () => {
  it('draws the monogram in the campus colour', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/campuses/${CAMPUS_IDS.ut}/logo.svg` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.body).toContain('>UT</text>');
    expect(res.body).toContain('fill="#9a4500"');
  });

  it('answers 404 for an unknown campus and 400 for a malformed id', async () => {
    const missing = await app.inject({
      method: 'GET',
      url: '/api/campuses/00000000-0000-4000-8000-000000000000/logo.svg',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'CAMPUS_NOT_FOUND' });
    const bad = await app.inject({ method: 'GET', url: '/api/campuses/nope/logo.svg' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
