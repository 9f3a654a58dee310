import { z } from 'zod';

/**
 * Geographic gate (docs/product/accounts.md#geographic-gate): the browser sends its IANA time zone, i.e.
 * `Intl.DateTimeFormat().resolvedOptions().timeZone`; the server compares it with the
 * location of the request's IP address.
 */
export const GeoCheckQuerySchema = z.object({
  timeZone: z.string().min(1).max(64),
});

/**
 * Why the gate decided as it did. Not allowed: `firewall` (the FIREWALL flag is on),
 * `country` (outside the US), `time-zone` (the browser's zone does not match the IP's).
 * Allowed: `ok`, `lookup-failed` (the spec lets the visitor proceed when the lookup fails),
 * `private-address` (loopback or a private network: nothing to look up).
 */
const GeoCheckReasonSchema = z.enum(['ok', 'firewall', 'country', 'time-zone', 'lookup-failed', 'private-address']);

export const GeoCheckResponseSchema = z.object({
  /** false → the web app sends the visitor to /404. */
  allowed: z.boolean(),
  reason: GeoCheckReasonSchema,
  /** ISO 3166-1 alpha-2 country of the IP address, when known. */
  country: z.string().nullable(),
  /** IANA time zone of the IP address, when known. */
  timeZone: z.string().nullable(),
});
export type GeoCheckResponse = z.infer<typeof GeoCheckResponseSchema>;
