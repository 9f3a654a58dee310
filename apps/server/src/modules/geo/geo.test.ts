import { GeoCheckResponseSchema } from '@campus/contract';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.ts';

const { app } = await createTestApp();
const firewalled = await createTestApp({ FIREWALL: 'on' });
const behindProxy = await createTestApp({ TRUST_PROXY: 'on' });

async function check(remoteAddress: string, timeZone: string, target = app, headers: Record<string, string> = {}) {
  const res = await target.inject({
    method: 'GET',
    url: '/api/geo/check',
    query: { timeZone },
    remoteAddress,
    headers,
  });
  expect(res.statusCode).toBe(200);
  return GeoCheckResponseSchema.parse(res.json());
}

describe('GET /api/geo/check', () => {
  it('lets a US address proceed when the browser zone has the same offset', async () => {
    expect(await check('3.3.3.3', 'America/Detroit')).toEqual({
      allowed: true,
      reason: 'ok',
      country: 'US',
      timeZone: 'America/New_York',
    });
  });

  it('refuses a US address when the browser zone has another offset', async () => {
    expect(await check('3.3.3.3', 'America/Los_Angeles')).toMatchObject({ allowed: false, reason: 'time-zone' });
  });

  it('refuses an address outside the US', async () => {
    expect(await check('141.20.0.1', 'Europe/Berlin')).toEqual({
      allowed: false,
      reason: 'country',
      country: 'DE',
      timeZone: 'Europe/Berlin',
    });
    expect(await check('2001:200::1', 'Asia/Tokyo')).toMatchObject({ allowed: false, country: 'JP' });
  });

  it('lets loopback and private addresses proceed', async () => {
    for (const ip of ['127.0.0.1', '::1', '192.168.1.20', '10.0.0.7']) {
      expect(await check(ip, 'Asia/Tokyo'), ip).toMatchObject({ allowed: true, reason: 'private-address' });
    }
  });

  it('lets an address the database does not know proceed', async () => {
    expect(await check('192.0.2.1', 'Asia/Tokyo')).toMatchObject({ allowed: true, reason: 'lookup-failed' });
  });

  it('lets a US address known only to country level proceed: its zone cannot be checked', async () => {
    expect(await check('8.8.8.8', 'America/Los_Angeles')).toEqual({
      allowed: true,
      reason: 'lookup-failed',
      country: 'US',
      timeZone: null,
    });
  });

  it('refuses everyone when FIREWALL is on, loopback included', async () => {
    for (const ip of ['3.3.3.3', '127.0.0.1']) {
      expect(await check(ip, 'America/New_York', firewalled.app)).toEqual({
        allowed: false,
        reason: 'firewall',
        country: null,
        timeZone: null,
      });
    }
  });

  it('uses the forwarded client address only when the proxy is trusted', async () => {
    const forwarded = { 'x-forwarded-for': '5.9.0.1' };
    expect(await check('127.0.0.1', 'America/Chicago', app, forwarded)).toMatchObject({ reason: 'private-address' });
    expect(await check('127.0.0.1', 'America/Chicago', behindProxy.app, forwarded)).toMatchObject({
      allowed: false,
      reason: 'country',
      country: 'DE',
    });
  });

  it('is never stored by shared caches', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/geo/check?timeZone=UTC', remoteAddress: '8.8.8.8' });
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('answers 400 without a time zone or with an overlong one', async () => {
    for (const url of ['/api/geo/check', '/api/geo/check?timeZone=', `/api/geo/check?timeZone=${'A'.repeat(65)}`]) {
      const res = await app.inject({ method: 'GET', url, remoteAddress: '8.8.8.8' });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    }
  });

  it('limits each address to 60 checks a minute', async () => {
    const send = (remoteAddress: string) =>
      app.inject({ method: 'GET', url: '/api/geo/check?timeZone=America/Chicago', remoteAddress });
    for (let i = 0; i < 60; i++) expect((await send('129.15.0.1')).statusCode).toBe(200);
    expect((await send('129.15.0.1')).statusCode).toBe(429);
    expect((await send('129.15.0.2')).statusCode).toBe(200);
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, unknown>;
    };
    expect(doc.paths).toHaveProperty('/api/geo/check');
  });
});
