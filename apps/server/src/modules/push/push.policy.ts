import { BlockList, isIP } from 'node:net';
import { ACCESS_SERVER_MESSAGES, type CampusDefinition, PUSH_SERVER_MESSAGES } from '@campus/contract';
import { errors } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';

/**
 * Addresses a push must never be sent to (decision 041): the server itself, its network and
 * every private, loopback, link-local and reserved range. The server POSTs to a subscription's
 * endpoint, so an endpoint is a request the server makes for whoever subscribed.
 */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 127],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv6');

/** True for an IP address the server must not send to (an IPv4-mapped IPv6 address is judged as IPv4). */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return PRIVATE.check(address, 'ipv4');
  if (family === 6) {
    const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (dotted?.[1]) return PRIVATE.check(dotted[1], 'ipv4');
    const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
    if (hex?.[1] && hex[2]) {
      const high = Number.parseInt(hex[1], 16);
      const low = Number.parseInt(hex[2], 16);
      return PRIVATE.check(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`, 'ipv4');
    }
    // Node's BlockList also matches an IPv6 rule against IPv4 addresses; IPv4 rules stay IPv4.
    return PRIVATE.check(address, 'ipv6');
  }
  return true;
}

export interface EndpointRules {
  /** Host names of this server (every campus's, CAMPUS_HOSTS, the request's own). */
  ownHosts: ReadonlySet<string>;
  /** The local test push service's origin (PUSH_TEST_ORIGIN, never in production). */
  testOrigin: string | undefined;
}

/** Who may subscribe, and to what (docs/product/push-and-app.md#devices). */
export const pushPolicy = {
  /** Members of the site's campus subscribe their devices to it. */
  assertMember(user: SessionUser, campus: CampusDefinition) {
    if (user.campusId !== campus.id) throw errors.forbidden(ACCESS_SERVER_MESSAGES.membersOnly, 'NOT_A_MEMBER');
  },

  /**
   * An endpoint is an https address of a push service on the internet: never plain http, never
   * this server, never localhost or a private or reserved address written as an IP. (A name
   * that resolves to such an address is refused when sending, push.sender.ts.)
   */
  assertEndpoint(endpoint: string, rules: EndpointRules): URL {
    const refused = () => errors.badRequest(PUSH_SERVER_MESSAGES.endpointRefused, 'PUSH_ENDPOINT_REFUSED');
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      throw refused();
    }
    if (rules.testOrigin && url.origin === rules.testOrigin) return url;
    if (url.protocol !== 'https:' || url.username || url.password) throw refused();
    const host = url.hostname
      .toLowerCase()
      .replace(/\.$/, '')
      .replace(/^\[|\]$/g, '');
    if (!host.includes('.') && isIP(host) === 0) throw refused();
    if (host === 'localhost' || host.endsWith('.localhost') || rules.ownHosts.has(host)) throw refused();
    if (isIP(host) !== 0 && isPrivateAddress(host)) throw refused();
    if (url.port !== '' && url.port !== '443') throw refused();
    return url;
  },

  requireOwn<T extends { userId: string }>(subscription: T | undefined, user: SessionUser): T {
    if (!subscription || subscription.userId !== user.id)
      throw errors.notFound(PUSH_SERVER_MESSAGES.notFound, 'PUSH_DEVICE_NOT_FOUND');
    return subscription;
  },
};
