import type { CampusResponse } from '@campus/contract';

/** OU as GET /api/campus answers it, for tests; `over` changes fields. */
export const testCampus = (over: Partial<CampusResponse> = {}): CampusResponse => ({
  id: '0b6f8f3e-5d2a-4c11-9a7e-000000000001',
  slug: 'ou',
  name: 'University of Oklahoma',
  shortName: 'OU',
  isHub: false,
  privacy: 'private',
  siteUrl: 'http://localhost:3000',
  logoUrl: '/api/campuses/0b6f8f3e-5d2a-4c11-9a7e-000000000001/logo.svg',
  location: { city: 'Norman', state: 'OK', country: 'US' },
  themeColor: '#841617',
  instagram: 'oubuysell',
  supportEmail: 'support@campusbuysell.app',
  memberCount: 1234,
  signIn: { google: false, emailLink: true, forgotPassword: true },
  ...over,
});
