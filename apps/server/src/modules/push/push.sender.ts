import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isPrivateAddress } from './push.policy.ts';

/** What web-push's generateRequestDetails makes: the encrypted, signed request for one device. */
interface PushRequest {
  endpoint: string;
  method: string;
  headers: Record<string, string | number>;
  body: Buffer | string | null;
}

/** The push service's answer: its status, or 0 when it could not be reached. */
export type PushSender = (request: PushRequest) => Promise<number>;

/**
 * Resolves a push service's name and refuses it when any of its addresses is private, loopback
 * or reserved (decision 041): checked on the address actually connected to, so a name that
 * later points at the server's own network is refused at that moment too.
 */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 4);
    const bad = addresses.find((a) => isPrivateAddress(a.address));
    if (bad || addresses.length === 0) {
      const refused = Object.assign(new Error(`push endpoint ${hostname} resolves to a refused address`), {
        code: 'EPUSHREFUSED',
      });
      return callback(refused, '', 4);
    }
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    const first = addresses[0] as LookupAddress;
    return callback(null, first.address, first.family);
  });
};

/**
 * Sends pushes over HTTP(S) with node's own client (web-push encrypts and signs them): https
 * only, through the guarded lookup, 10 s at most; plain http only to the local test push
 * service (`testOrigin`, never in production).
 */
export function httpPushSender(testOrigin: string | undefined): PushSender {
  return (request) =>
    new Promise((resolve) => {
      const url = new URL(request.endpoint);
      const isTest = testOrigin !== undefined && url.origin === testOrigin;
      if (url.protocol !== 'https:' && !isTest) return resolve(0);
      const client = url.protocol === 'https:' ? https : http;
      const req = client.request(
        url,
        {
          method: request.method,
          headers: request.headers,
          timeout: 10_000,
          ...(isTest ? {} : { lookup: guardedLookup }),
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
          res.on('error', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('timeout', () => req.destroy(new Error('push service timed out')));
      req.on('error', () => resolve(0));
      req.end(request.body ?? undefined);
    });
}
