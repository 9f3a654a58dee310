import { type CampusDefinition, campusBySlug } from '@campus/contract';
import { describe, expect, it } from 'vitest';
import { siteOrigins } from './site-origin.ts';

const ou = campusBySlug('ou') as CampusDefinition;
const ut = campusBySlug('ut') as CampusDefinition;
const configured = new Map([['buysell.ou.edu', 'ou']]);

/** A request as Fastify sees it: the host header as sent, its name before the ':'. */
const from = (host: string, campus = ou, protocol = 'http') => ({
  protocol,
  host,
  hostname: host.split(':', 1)[0] ?? '',
  campus,
});

describe("the campus site's address for Stripe's return URLs (security issue item 2)", () => {
  const production = siteOrigins(configured, true);
  const development = siteOrigins(configured, false);

  it.each([
    ['ou.campusbuysell.app', 'https://ou.campusbuysell.app'],
    ['OU.CampusBuySell.app.', 'https://ou.campusbuysell.app'],
    ['ou.campusbuysell.app:8443', 'https://ou.campusbuysell.app'],
    ['buysell.ou.edu', 'https://buysell.ou.edu'],
    ['evil.example', 'https://ou.campusbuysell.app'],
    ['localhost:3000', 'https://ou.campusbuysell.app'],
    ['ut.campusbuysell.app', 'https://ou.campusbuysell.app'],
    ['ou.campusbuysell.app.evil.example', 'https://ou.campusbuysell.app'],
  ])('production: Host %s → %s', (host, origin) => {
    expect(production(from(host))).toBe(origin);
  });

  it.each([
    ['ou.localhost:3000', 'http://ou.localhost:3000'],
    ['localhost:5173', 'http://localhost:5173'],
    ['127.0.0.1:3000', 'http://127.0.0.1:3000'],
    ['buysell.ou.edu', 'http://buysell.ou.edu'],
    ['evil.example', 'https://ou.campusbuysell.app'],
    ['evil.example:3000', 'https://ou.campusbuysell.app'],
    // Something after the port that would become part of the URL (a user name, a path).
    ['ou.localhost:@evil.example', 'https://ou.campusbuysell.app'],
    ['localhost:3000/evil', 'https://ou.campusbuysell.app'],
    ['ut.localhost:3000', 'https://ou.campusbuysell.app'],
  ])('development: Host %s → %s', (host, origin) => {
    expect(development(from(host))).toBe(origin);
  });

  it("names the request's own campus only", () => {
    expect(production(from('ut.campusbuysell.app', ut))).toBe('https://ut.campusbuysell.app');
    expect(production(from('buysell.ou.edu', ut))).toBe('https://ut.campusbuysell.app');
  });
});
