import { z } from 'zod';

/**
 * The 15 deployments of docs/product/community.md#campuses. Ids are fixed so that links, seeds and other
 * systems agree on them across installs; the hub is the generic community that sends
 * a visitor on to find their own school.
 */
export const CampusIdSchema = z.string().uuid();

export const CAMPUS_IDS = {
  hub: '0b6f8f3e-5d2a-4c11-9a7e-000000000000',
  ou: '0b6f8f3e-5d2a-4c11-9a7e-000000000001',
  ut: '0b6f8f3e-5d2a-4c11-9a7e-000000000002',
  smu: '0b6f8f3e-5d2a-4c11-9a7e-000000000003',
  uf: '0b6f8f3e-5d2a-4c11-9a7e-000000000004',
  ucla: '0b6f8f3e-5d2a-4c11-9a7e-000000000005',
  stanford: '0b6f8f3e-5d2a-4c11-9a7e-000000000006',
  duke: '0b6f8f3e-5d2a-4c11-9a7e-000000000007',
  okstate: '0b6f8f3e-5d2a-4c11-9a7e-000000000008',
  tamu: '0b6f8f3e-5d2a-4c11-9a7e-000000000009',
  mit: '0b6f8f3e-5d2a-4c11-9a7e-00000000000a',
  harvard: '0b6f8f3e-5d2a-4c11-9a7e-00000000000b',
  ucf: '0b6f8f3e-5d2a-4c11-9a7e-00000000000c',
  fsu: '0b6f8f3e-5d2a-4c11-9a7e-00000000000d',
  unt: '0b6f8f3e-5d2a-4c11-9a7e-00000000000e',
} as const;

type CampusSlug = keyof typeof CAMPUS_IDS;

export const CampusDefinitionSchema = z.object({
  id: CampusIdSchema,
  slug: z.string().regex(/^[a-z]+$/),
  /** Full name, e.g. 'University of Oklahoma'. */
  name: z.string(),
  /** Short name used in page text, e.g. 'OU' in 'OU Buy / Sell'. */
  shortName: z.string(),
  isHub: z.boolean(),
  privacy: z.enum(['private', 'public']),
  /** Public site address in production; its host maps to this campus. */
  url: z.string().url(),
  location: z.object({ city: z.string(), state: z.string(), country: z.string() }),
  /** Email domains of the university that prove school membership. */
  emailDomains: z.array(z.string()),
  /** Accent colour; white text on it must stay readable (checked by a test). */
  themeColor: z.string().regex(/^#[0-9a-f]{6}$/i),
  /** Instagram account that answers direct messages for this campus. */
  instagram: z.string(),
  supportEmail: z.string().email(),
});
export type CampusDefinition = z.infer<typeof CampusDefinitionSchema>;

const campus = (
  slug: CampusSlug,
  name: string,
  shortName: string,
  city: string,
  state: string,
  emailDomains: string[],
  themeColor: string,
): CampusDefinition => ({
  id: CAMPUS_IDS[slug],
  slug,
  name,
  shortName,
  isHub: slug === 'hub',
  privacy: 'private',
  url: `https://${slug}.campusbuysell.app`,
  location: { city, state, country: 'US' },
  emailDomains,
  themeColor,
  instagram: `${slug}buysell`,
  supportEmail: 'support@campusbuysell.app',
});

export const CAMPUSES: readonly CampusDefinition[] = [
  campus('hub', 'Campus Buy / Sell', 'Campus', 'United States', '', [], '#1d4ed8'),
  campus('ou', 'University of Oklahoma', 'OU', 'Norman', 'OK', ['ou.edu'], '#841617'),
  campus('ut', 'University of Texas at Austin', 'UT', 'Austin', 'TX', ['utexas.edu', 'eid.utexas.edu'], '#9a4500'),
  campus('smu', 'Southern Methodist University', 'SMU', 'Dallas', 'TX', ['smu.edu'], '#0033a0'),
  campus('uf', 'University of Florida', 'UF', 'Gainesville', 'FL', ['ufl.edu'], '#0021a5'),
  campus(
    'ucla',
    'University of California, Los Angeles',
    'UCLA',
    'Los Angeles',
    'CA',
    ['ucla.edu', 'g.ucla.edu'],
    '#1f5f8f',
  ),
  campus('stanford', 'Stanford University', 'Stanford', 'Stanford', 'CA', ['stanford.edu'], '#8c1515'),
  campus('duke', 'Duke University', 'Duke', 'Durham', 'NC', ['duke.edu'], '#012169'),
  campus('okstate', 'Oklahoma State University', 'OKState', 'Stillwater', 'OK', ['okstate.edu'], '#a34400'),
  campus('tamu', 'Texas A&M University', 'TAMU', 'College Station', 'TX', ['tamu.edu'], '#500000'),
  campus('mit', 'Massachusetts Institute of Technology', 'MIT', 'Cambridge', 'MA', ['mit.edu'], '#a31f34'),
  campus(
    'harvard',
    'Harvard University',
    'Harvard',
    'Cambridge',
    'MA',
    ['harvard.edu', 'college.harvard.edu', 'g.harvard.edu'],
    '#a51c30',
  ),
  campus('ucf', 'University of Central Florida', 'UCF', 'Orlando', 'FL', ['ucf.edu', 'knights.ucf.edu'], '#1a1a1a'),
  campus('fsu', 'Florida State University', 'FSU', 'Tallahassee', 'FL', ['fsu.edu', 'my.fsu.edu'], '#782f40'),
  campus('unt', 'University of North Texas', 'UNT', 'Denton', 'TX', ['unt.edu', 'my.unt.edu'], '#00703c'),
];

/** An unknown host, and the local development host, fall back to OU (docs/product/community.md#campuses). */
export const DEFAULT_CAMPUS_ID = CAMPUS_IDS.ou;

export function campusById(id: string): CampusDefinition | undefined {
  return CAMPUSES.find((c) => c.id === id);
}

export function campusBySlug(slug: string): CampusDefinition | undefined {
  return CAMPUSES.find((c) => c.slug === slug);
}

/** Sign-in methods offered on this campus (docs/product/accounts.md#ou-only-options: email links and Forgot Password on OU only). */
const SignInOptionsSchema = z.object({
  google: z.boolean(),
  emailLink: z.boolean(),
  forgotPassword: z.boolean(),
});
export type SignInOptions = z.infer<typeof SignInOptionsSchema>;

/** What `GET /api/campus` answers: the campus of the request's host. */
export const CampusResponseSchema = z.object({
  id: CampusIdSchema,
  slug: z.string(),
  name: z.string(),
  shortName: z.string(),
  isHub: z.boolean(),
  privacy: z.enum(['private', 'public']),
  /** Address of this campus's site as the visitor reached it (used for shared links). */
  siteUrl: z.string(),
  logoUrl: z.string(),
  location: z.object({ city: z.string(), state: z.string(), country: z.string() }),
  themeColor: z.string(),
  instagram: z.string(),
  supportEmail: z.string(),
  /** School-verified users of this campus (docs/product/community.md#campus-member-count). */
  memberCount: z.number().int().nonnegative(),
  signIn: SignInOptionsSchema,
});
export type CampusResponse = z.infer<typeof CampusResponseSchema>;

/** A school in the Find Your School list (docs/product/search.md#find-your-school). */
export const CampusSummarySchema = CampusResponseSchema.omit({ memberCount: true, signIn: true });
export type CampusSummary = z.infer<typeof CampusSummarySchema>;
