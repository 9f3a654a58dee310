import { BlockList, isIP } from 'node:net';
import { ALLOWED_COUNTRY, type GeoCheckResponse } from '@campus/contract';

/** What the IP database knows about an address. */
export interface GeoLocation {
  /** ISO 3166-1 alpha-2, e.g. 'US'. */
  country: string;
  /** IANA zone, e.g. 'America/Chicago'; null when the database has none for the address. */
  timeZone: string | null;
}

/** Resolves an address; null when the database has no record. May reject (database unreadable). */
export type GeoLookup = (ip: string) => Promise<GeoLocation | null>;

export interface GeoAccessInput {
  ip: string;
  /** The browser's `Intl.DateTimeFormat().resolvedOptions().timeZone`. */
  browserTimeZone: string;
  firewall: boolean;
  lookup: GeoLookup;
  /** The instant at which UTC offsets are compared (daylight saving time differs by date). */
  now?: Date;
  onLookupError?: (error: unknown) => void;
}

/**
 * Loopback, private, carrier-grade NAT and link-local ranges: such an address has no
 * location, and reaching us from one means a development machine or an internal network.
 */
const privateRanges = new BlockList();
for (const [network, prefix] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
] as const) {
  privateRanges.addSubnet(network, prefix, 'ipv4');
}
privateRanges.addAddress('::1', 'ipv6');
privateRanges.addSubnet('fc00::', 7, 'ipv6');
privateRanges.addSubnet('fe80::', 10, 'ipv6');

/**
 * Plain form of an address: without an IPv6 zone id ('fe80::1%eth0'), and an IPv4-mapped
 * IPv6 address ('::ffff:8.8.8.8', what a dual-stack socket reports) as its IPv4 address.
 */
export function normalizeIp(ip: string): string {
  const address = ip.trim().replace(/%.*$/, '');
  const dotted = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (dotted?.[1]) return dotted[1];
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hex?.[1] && hex[2]) {
    const high = Number.parseInt(hex[1], 16);
    const low = Number.parseInt(hex[2], 16);
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return address;
}

export function isPrivateAddress(ip: string): boolean {
  const address = normalizeIp(ip);
  const family = isIP(address);
  if (family === 0) return false;
  return privateRanges.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Building a formatter costs ~100 µs on Node 20; formatting with one ~2 µs. Only valid zone
 * names get here (others throw), and the cap keeps case variants ('america/chicago', …)
 * from growing the map without bound.
 */
const offsetFormatters = new Map<string, Intl.DateTimeFormat>();
const MAX_CACHED_FORMATTERS = 1000;

function offsetFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = offsetFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    if (offsetFormatters.size < MAX_CACHED_FORMATTERS) offsetFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** UTC offset of an IANA zone at an instant, in minutes east of UTC; null for an unknown zone. */
export function utcOffsetMinutes(timeZone: string, at: Date): number | null {
  let name: string | undefined;
  try {
    name = offsetFormatter(timeZone)
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value;
  } catch {
    return null;
  }
  // 'GMT-05:00', 'GMT+05:45', or plain 'GMT' at offset zero.
  const match = /^GMT(?:([+-])(\d{1,2})(?::(\d{2}))?)?$/.exec(name ?? '');
  if (!match) return null;
  const [, sign, hours = '0', minutes = '0'] = match;
  const total = Number(hours) * 60 + Number(minutes);
  return sign === '-' ? -total : total;
}

/**
 * The matching rule of the gate: two zones match when their UTC offsets are equal at the
 * given instant. Exact IANA equality would refuse e.g. 'America/Detroit' for an address
 * located in 'America/New_York' (docs/decisions/005-offline-ip-geolocation.md).
 */
export function sameUtcOffset(a: string, b: string, at: Date): boolean {
  const offsetA = utcOffsetMinutes(a, at);
  return offsetA !== null && offsetA === utcOffsetMinutes(b, at);
}

function answer(allowed: boolean, reason: GeoCheckResponse['reason'], location?: GeoLocation | null): GeoCheckResponse {
  return { allowed, reason, country: location?.country ?? null, timeZone: location?.timeZone ?? null };
}

/**
 * The geographic gate of docs/product/accounts.md#geographic-gate: only visitors in the US whose browser time zone matches
 * the IP location may proceed; everyone is refused while the firewall flag is on; a failed
 * lookup lets the visitor proceed.
 */
export async function decideGeoAccess(input: GeoAccessInput): Promise<GeoCheckResponse> {
  if (input.firewall) return answer(false, 'firewall');
  if (isPrivateAddress(input.ip)) return answer(true, 'private-address');

  let location: GeoLocation | null;
  try {
    location = await input.lookup(normalizeIp(input.ip));
  } catch (error) {
    input.onLookupError?.(error);
    return answer(true, 'lookup-failed');
  }
  if (!location) return answer(true, 'lookup-failed');
  if (location.country !== ALLOWED_COUNTRY) return answer(false, 'country', location);

  const now = input.now ?? new Date();
  // Without a zone for the address (or one this runtime does not know) there is nothing to
  // compare against: that counts as a failed lookup, which the spec lets proceed.
  if (!location.timeZone || utcOffsetMinutes(location.timeZone, now) === null) {
    return answer(true, 'lookup-failed', location);
  }
  // An unknown browser zone cannot be shown to match, so it is refused.
  if (!sameUtcOffset(input.browserTimeZone, location.timeZone, now)) return answer(false, 'time-zone', location);
  return answer(true, 'ok', location);
}
