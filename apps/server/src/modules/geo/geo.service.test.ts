import { describe, expect, it, vi } from 'vitest';
import {
  decideGeoAccess,
  type GeoLocation,
  type GeoLookup,
  isPrivateAddress,
  normalizeIp,
  sameUtcOffset,
  utcOffsetMinutes,
} from './geo.service.ts';

const summer = new Date('2026-07-01T12:00:00Z');
const winter = new Date('2026-01-15T12:00:00Z');

/** A lookup that answers from a table and records what it was asked. */
function fakeLookup(table: Record<string, GeoLocation>) {
  return vi.fn<GeoLookup>(async (ip) => table[ip] ?? null);
}

const table: Record<string, GeoLocation> = {
  '3.3.3.3': { country: 'US', timeZone: 'America/New_York' },
  '8.8.8.8': { country: 'US', timeZone: 'America/Chicago' },
  '9.9.9.9': { country: 'US', timeZone: 'America/Denver' },
  '7.7.7.7': { country: 'US', timeZone: null },
  '6.6.6.6': { country: 'US', timeZone: 'Not/AZone' },
  '5.9.0.1': { country: 'DE', timeZone: 'Europe/Berlin' },
  '2001:db8::1': { country: 'US', timeZone: 'America/Los_Angeles' },
};

function decide(ip: string, browserTimeZone: string, extra: { firewall?: boolean; now?: Date } = {}) {
  return decideGeoAccess({ ip, browserTimeZone, firewall: false, lookup: fakeLookup(table), now: summer, ...extra });
}

describe('decideGeoAccess', () => {
  it('lets a US visitor whose zone matches proceed', async () => {
    expect(await decide('3.3.3.3', 'America/New_York')).toEqual({
      allowed: true,
      reason: 'ok',
      country: 'US',
      timeZone: 'America/New_York',
    });
  });

  it('refuses everyone while the firewall is on, loopback included, without a lookup', async () => {
    const lookup = fakeLookup(table);
    for (const ip of ['3.3.3.3', '127.0.0.1', '::1', '10.0.0.1']) {
      expect(
        await decideGeoAccess({ ip, browserTimeZone: 'America/New_York', firewall: true, lookup, now: summer }),
      ).toEqual({ allowed: false, reason: 'firewall', country: null, timeZone: null });
    }
    expect(lookup).not.toHaveBeenCalled();
  });

  it('lets loopback and private addresses proceed without a lookup', async () => {
    const lookup = fakeLookup(table);
    for (const ip of ['127.0.0.1', '10.1.2.3', '192.168.1.10', '172.20.0.5', '100.64.1.1', '::1', 'fd00::5']) {
      const result = await decideGeoAccess({ ip, browserTimeZone: 'Asia/Tokyo', firewall: false, lookup });
      expect(result, ip).toEqual({ allowed: true, reason: 'private-address', country: null, timeZone: null });
    }
    expect(lookup).not.toHaveBeenCalled();
  });

  it('lets the visitor proceed when the address is not in the database', async () => {
    expect(await decide('192.0.2.1', 'Asia/Tokyo')).toEqual({
      allowed: true,
      reason: 'lookup-failed',
      country: null,
      timeZone: null,
    });
  });

  it('lets the visitor proceed when the lookup throws, and reports the error', async () => {
    const failure = new Error('database unreadable');
    const onLookupError = vi.fn();
    const result = await decideGeoAccess({
      ip: '3.3.3.3',
      browserTimeZone: 'Asia/Tokyo',
      firewall: false,
      lookup: async () => {
        throw failure;
      },
      onLookupError,
    });
    expect(result).toEqual({ allowed: true, reason: 'lookup-failed', country: null, timeZone: null });
    expect(onLookupError).toHaveBeenCalledWith(failure);
  });

  it('lets a US visitor proceed when the database has no usable zone for the address', async () => {
    expect(await decide('7.7.7.7', 'Asia/Tokyo')).toMatchObject({
      allowed: true,
      reason: 'lookup-failed',
      country: 'US',
    });
    expect(await decide('6.6.6.6', 'Asia/Tokyo')).toMatchObject({
      allowed: true,
      reason: 'lookup-failed',
      country: 'US',
    });
  });

  it('refuses an address outside the US, whatever the browser zone', async () => {
    expect(await decide('5.9.0.1', 'Europe/Berlin')).toEqual({
      allowed: false,
      reason: 'country',
      country: 'DE',
      timeZone: 'Europe/Berlin',
    });
    expect(await decide('5.9.0.1', 'America/New_York')).toMatchObject({ allowed: false, reason: 'country' });
  });

  it('accepts a different zone name with the same current offset', async () => {
    expect(await decide('3.3.3.3', 'America/Detroit')).toMatchObject({ allowed: true, reason: 'ok' });
    expect(await decide('3.3.3.3', 'America/Indiana/Indianapolis')).toMatchObject({ allowed: true, reason: 'ok' });
    expect(await decide('8.8.8.8', 'America/Winnipeg')).toMatchObject({ allowed: true, reason: 'ok' });
  });

  it('refuses a zone with another offset', async () => {
    expect(await decide('3.3.3.3', 'America/Los_Angeles')).toEqual({
      allowed: false,
      reason: 'time-zone',
      country: 'US',
      timeZone: 'America/New_York',
    });
    expect(await decide('8.8.8.8', 'Europe/London')).toMatchObject({ allowed: false, reason: 'time-zone' });
  });

  it('compares offsets at the current instant (daylight saving time)', async () => {
    // Arizona keeps UTC−7 all year; Denver is UTC−7 in winter and UTC−6 in summer.
    expect(await decide('9.9.9.9', 'America/Phoenix', { now: winter })).toMatchObject({ allowed: true, reason: 'ok' });
    expect(await decide('9.9.9.9', 'America/Phoenix', { now: summer })).toMatchObject({ reason: 'time-zone' });
  });

  it('refuses a browser zone that is not a valid IANA zone', async () => {
    for (const zone of ['Mars/Olympus', 'not a zone', 'GMT-5:00', '../../etc/passwd']) {
      expect(await decide('3.3.3.3', zone), zone).toMatchObject({ allowed: false, reason: 'time-zone' });
    }
  });

  it('looks up IPv4-mapped IPv6 addresses as IPv4, and IPv6 addresses as they are', async () => {
    expect(await decide('::ffff:3.3.3.3', 'America/Detroit')).toMatchObject({ reason: 'ok', country: 'US' });
    expect(await decide('2001:db8::1', 'America/Los_Angeles')).toMatchObject({ reason: 'ok' });
    expect(await decide('::ffff:127.0.0.1', 'Asia/Tokyo')).toMatchObject({ reason: 'private-address' });
  });
});

describe('addresses', () => {
  it('normalizes IPv4-mapped IPv6 and zone ids', () => {
    expect(normalizeIp('::ffff:8.8.8.8')).toBe('8.8.8.8');
    expect(normalizeIp('::FFFF:7f00:1')).toBe('127.0.0.1');
    expect(normalizeIp('fe80::1%eth0')).toBe('fe80::1');
    expect(normalizeIp('2001:db8::1')).toBe('2001:db8::1');
  });

  it.each([
    ['127.0.0.1', true],
    ['127.255.0.9', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['10.200.1.1', true],
    ['172.16.0.1', true],
    ['172.31.255.255', true],
    ['172.32.0.1', false],
    ['192.168.0.1', true],
    ['100.64.0.1', true],
    ['100.128.0.1', false],
    ['169.254.10.10', true],
    ['fc00::1', true],
    ['fdab:1::2', true],
    ['fe80::1%eth0', true],
    ['8.8.8.8', false],
    ['2001:4860:4860::8888', false],
    ['not an address', false],
  ])('%s private: %s', (ip, expected) => {
    expect(isPrivateAddress(ip)).toBe(expected);
  });
});

describe('UTC offsets', () => {
  it('reads offsets with minutes, and zero', () => {
    expect(utcOffsetMinutes('America/New_York', winter)).toBe(-300);
    expect(utcOffsetMinutes('America/New_York', summer)).toBe(-240);
    expect(utcOffsetMinutes('Asia/Kathmandu', summer)).toBe(345);
    expect(utcOffsetMinutes('UTC', summer)).toBe(0);
    expect(utcOffsetMinutes('Europe/London', winter)).toBe(0);
    expect(utcOffsetMinutes('Mars/Olympus', summer)).toBeNull();
  });

  it('matches zones by their offset at the instant', () => {
    expect(sameUtcOffset('America/Detroit', 'America/New_York', summer)).toBe(true);
    expect(sameUtcOffset('america/new_york', 'America/New_York', summer)).toBe(true);
    expect(sameUtcOffset('America/Los_Angeles', 'America/New_York', summer)).toBe(false);
    expect(sameUtcOffset('Mars/Olympus', 'Mars/Olympus', summer)).toBe(false);
  });
});
