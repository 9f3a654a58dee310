import { describe, expect, it } from 'vitest';
import { testViewer as viewer } from '@/testing/viewer.ts';
import { landingPathFor } from './viewer.ts';

describe('landingPathFor', () => {
  const campus = { isHub: false };
  const hub = { isHub: true };

  it('forces an unverified account to /verify, on a campus and on the hub', () => {
    expect(landingPathFor(viewer({ verified: false }), campus)).toBe('/verify');
    expect(landingPathFor(viewer({ verified: false, schoolVerified: false }), hub)).toBe('/verify');
  });

  it('sends a verified account without a school to the school-email page, except on the hub', () => {
    expect(landingPathFor(viewer({ schoolVerified: false }), campus)).toBe('/settings/account/school_email');
    expect(landingPathFor(viewer({ schoolVerified: false }), hub)).toBe('/search_schools');
  });

  it('sends members home, and everyone on the hub to find their school', () => {
    expect(landingPathFor(viewer(), campus)).toBe('/home');
    expect(landingPathFor(viewer(), hub)).toBe('/search_schools');
  });
});
