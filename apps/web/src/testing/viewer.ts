import type { Viewer } from '@campus/contract';

/** A signed-in, school-verified member with a finished profile, for tests; `over` changes fields. */
export const testViewer = (over: Partial<Viewer> = {}): Viewer => ({
  id: 'u1',
  firstName: 'Avery',
  lastName: 'Carter',
  username: 'averycarter',
  email: 'avery@ou.edu',
  img: null,
  imgSmall: null,
  bio: null,
  verified: true,
  schoolVerified: true,
  schoolEmail: 'avery@ou.edu',
  campusId: null,
  profileSetUp: true,
  createdAt: '2025-01-01T00:00:00.000Z',
  moderator: false,
  ...over,
});
