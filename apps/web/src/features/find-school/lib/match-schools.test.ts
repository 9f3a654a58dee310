import { CAMPUSES, type CampusSummary } from '@campus/contract';
import { describe, expect, it } from 'vitest';
import { matchSchools, placeOf } from './match-schools.ts';

const summaries: CampusSummary[] = CAMPUSES.map((c) => ({
  id: c.id,
  slug: c.slug,
  name: c.name,
  shortName: c.shortName,
  isHub: c.isHub,
  privacy: c.privacy,
  siteUrl: c.url,
  logoUrl: `/api/campuses/${c.id}/logo.svg`,
  location: c.location,
  themeColor: c.themeColor,
  instagram: c.instagram,
  supportEmail: c.supportEmail,
}));

const names = (query: string) => matchSchools(summaries, query).map((c) => c.shortName);

describe('matchSchools', () => {
  it('lists every school but the hub, by name, when nothing is typed', () => {
    const all = matchSchools(summaries, '  ');
    expect(all).toHaveLength(14);
    expect(all.some((c) => c.isHub)).toBe(false);
    expect(all.map((c) => c.name)).toEqual([...all.map((c) => c.name)].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('matches the state by name as well as by code', () => {
    expect(names('texas')).toEqual(['SMU', 'TAMU', 'UNT', 'UT']);
    expect(names('TX')).toEqual(['SMU', 'TAMU', 'UNT', 'UT']);
  });

  it('matches short names and cities, ignoring case and accents', () => {
    expect(names('ucla')).toEqual(['UCLA']);
    expect(names('gainesville')).toEqual(['UF']);
    expect(names('Nórman')).toEqual(['OU']);
  });

  it('needs every word to match somewhere', () => {
    expect(names('florida state')).toEqual(['FSU']);
    expect(names('cambridge harvard')).toEqual(['Harvard']);
    expect(names('texas zzz')).toEqual([]);
  });
});

describe('placeOf', () => {
  it('joins city, state and country, skipping empty parts', () => {
    expect(placeOf({ location: { city: 'Austin', state: 'TX', country: 'US' } })).toBe('Austin, TX, US');
    expect(placeOf({ location: { city: 'United States', state: '', country: 'US' } })).toBe('United States, US');
  });
});
