import { z } from 'zod';
import { CampusIdSchema } from './campuses.ts';
import { BioSchema } from './names.ts';

/**
 * The signed-in user as they see themselves (`GET /api/me`). Other people's profiles use a
 * narrower public shape: email, phone, birth date and gender never leave the server for them.
 */
export const ViewerSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  email: z.string(),
  /** Avatar URL (the 400 px variant), or null before the profile picture is set. */
  img: z.string().nullable(),
  /** The 96 px avatar variant for small places (menus, comments). */
  imgSmall: z.string().nullable(),
  bio: z.string().nullable(),
  verified: z.boolean(),
  schoolVerified: z.boolean(),
  schoolEmail: z.string().nullable(),
  campusId: CampusIdSchema.nullable(),
  profileSetUp: z.boolean(),
  createdAt: z.string(),
});
export type Viewer = z.infer<typeof ViewerSchema>;

/** `GET /api/me`: the viewer, or null for a visitor (not an error: the shell asks on every load). */
export const MeResponseSchema = z.object({ viewer: ViewerSchema.nullable() });
export type MeResponse = z.infer<typeof MeResponseSchema>;

export const UpdateBioBodySchema = z.object({ bio: BioSchema });

/** Join a campus: send a PIN to a school email (spec 2 §2 'School email screen'). */
export const SchoolEmailSendBodySchema = z.object({
  email: z.string().max(254),
  /** The campus chosen in Find Your School; defaults to the campus of the site. */
  campusId: CampusIdSchema.optional(),
});

export const SchoolEmailVerifyBodySchema = z.object({
  email: z.string().max(254),
  code: z.string().max(10),
  campusId: CampusIdSchema.optional(),
});

export const SchoolEmailVerifyResponseSchema = z.object({
  /** Where to go next: /search_schools on the hub, /home elsewhere (spec 2 §4). */
  redirectTo: z.string(),
  viewer: ViewerSchema,
});
export type SchoolEmailVerifyResponse = z.infer<typeof SchoolEmailVerifyResponseSchema>;
