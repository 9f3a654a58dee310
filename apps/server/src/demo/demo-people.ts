import path from 'node:path';
import { CAMPUS_IDS } from '@campus/contract';

/*
 * The demo campus's data, apart from the code that seeds it (demo-accounts.ts, demo-content.ts),
 * so that scripts/demo-photos.ts can read it without loading the server.
 */

/**
 * The demo campus's pictures: listing photos and profile pictures composed once from Fluent
 * Emoji 3D renders by `node --import tsx scripts/demo-photos.ts` (demo-photos.ts) and kept in
 * the repository, so that a first start only stores them.
 */
export const DEMO_PHOTOS_DIR = path.join(import.meta.dirname, 'photos');

const HOUR = 60 * 60 * 1000;

/** The demo listings are spread over the two weeks before the seed runs, oldest first. */
export const DEMO_FEED_SPAN_MS = 14 * 24 * HOUR;

/** When the demo students joined (their 'new user' posts): an hour before the first listing. */
export const demoJoinTime = (now: number) => new Date(now - DEMO_FEED_SPAN_MS - HOUR);

/** The profile picture's file in DEMO_PHOTOS_DIR. */
export const avatarFile = (account: DemoAccount) =>
  `avatar-${account.email.split('@')[0]?.replace(/[^a-z0-9]+/g, '-')}.webp`;

export interface DemoAccount {
  name: string;
  email: string;
  bio?: string;
  campus?: { id: string; schoolEmail: string };
  /** Profile picture: a Fluent Emoji 3D face (or pet) on this colour (see DEMO_PHOTOS_DIR). */
  avatar: { code: string; color: string };
  /**
   * Held by the campus for a seller who never signed in: the email is not verified, so the
   * profile offers 'Claim this account' (docs/product/profiles.md#profile-menu, decision 016). No 'joined' post.
   */
  unclaimed?: boolean;
}

const ou = (email: string) => ({ id: CAMPUS_IDS.ou, schoolEmail: email });
const ut = (email: string) => ({ id: CAMPUS_IDS.ut, schoolEmail: email });

/** Demo moderators (docs/product/moderation.md#granting): email and campus slug. */
export const DEMO_MODERATORS: ReadonlyArray<{ email: string; campus: 'ou' | 'ut' }> = [
  { email: 'jordan@ou.edu', campus: 'ou' },
  { email: 'taylor@utexas.edu', campus: 'ut' },
];

/** Every demo account, in the order they joined; the README's table names the first five. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    name: 'Avery Carter',
    email: 'avery@ou.edu',
    bio: 'Junior, nursing. Moving off campus in May, so my dorm stuff has to go.',
    campus: ou('avery@ou.edu'),
    avatar: { code: '1f469-1f3fb-200d-1f9b0', color: '#c9d8e8' },
  },
  {
    name: 'Jordan Brooks',
    email: 'jordan@ou.edu',
    bio: 'Aerospace engineering ’26. Drones, printers and anything with a battery.',
    campus: ou('jordan@ou.edu'),
    avatar: { code: '1f468-1f3fe', color: '#f2c6a0' },
  },
  {
    name: 'Taylor Nguyen',
    email: 'taylor@utexas.edu',
    bio: 'Hook ’em! Plan II, always looking for concert tickets.',
    campus: ut('taylor@utexas.edu'),
    avatar: { code: '1f469-1f3fc', color: '#f6d28b' },
  },
  {
    name: 'Sam Rivera',
    email: 'sam.rivera@ou.edu',
    bio: 'Listings from the OU Buy / Sell group. Is this you? Claim this account.',
    campus: ou('sam.rivera@ou.edu'),
    avatar: { code: '1f436', color: '#bfe3d0' },
    unclaimed: true,
  },
  // Verified email, no school yet: shows the join-your-campus path.
  {
    name: 'Casey Morgan',
    email: 'casey@example.com',
    avatar: { code: '1f9d1-1f3fb-200d-1f9b1', color: '#d9c8ef' },
  },
  {
    name: 'Priya Patel',
    email: 'priya@ou.edu',
    bio: 'Pre-med, plant mom. Mostly textbooks and plants.',
    campus: ou('priya@ou.edu'),
    avatar: { code: '1f469-1f3fd', color: '#f4b8c0' },
  },
  {
    name: 'Marcus Johnson',
    email: 'marcus@ou.edu',
    bio: 'Music major (jazz guitar). Gear comes and goes.',
    campus: ou('marcus@ou.edu'),
    avatar: { code: '1f468-1f3ff', color: '#a8d5e2' },
  },
  {
    name: 'Emily Chen',
    email: 'emily@ou.edu',
    bio: 'Graduating in May: everything must go! Venmo or cash.',
    campus: ou('emily@ou.edu'),
    avatar: { code: '1f469-1f3fb', color: '#ffd9b3' },
  },
  {
    name: 'Diego Ramirez',
    email: 'diego@ou.edu',
    bio: 'Bikes, boards and road trips. Usually around Cross Village.',
    campus: ou('diego@ou.edu'),
    avatar: { code: '1f468-1f3fd-200d-1f9b1', color: '#c5e1a5' },
  },
  {
    name: 'Olivia Smith',
    email: 'olivia@utexas.edu',
    bio: 'Subletting and selling in West Campus.',
    campus: ut('olivia@utexas.edu'),
    avatar: { code: '1f471-1f3fc-200d-2640-fe0f', color: '#e8c9a8' },
  },
  {
    name: 'Ethan Davis',
    email: 'ethan@utexas.edu',
    bio: 'CS student, always upgrading something.',
    campus: ut('ethan@utexas.edu'),
    avatar: { code: '1f468-1f3fb', color: '#b8c4f0' },
  },
];
