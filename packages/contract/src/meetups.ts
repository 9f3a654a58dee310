import { z } from 'zod';
import { RowIdSchema } from './chats.ts';
import { MEETUP_STATUSES, MEETUP_TEXTS } from './meetup-spots.ts';

/**
 * Meet-ups in a chat (docs/product/safety.md#meet-ups): suggest one of the campus's spots on a
 * day and at a time (campus time), accept the other side's, or suggest another.
 */

/** Suggest a meet-up: a spot of the campus's list, a day and a time on the campus's clock. */
export const SuggestMeetupBodySchema = z.strictObject({
  spotId: z
    .string({ error: MEETUP_TEXTS.spotUnknown })
    .min(1, MEETUP_TEXTS.spotUnknown)
    .max(64, MEETUP_TEXTS.spotUnknown),
  day: z.string({ error: MEETUP_TEXTS.dayInvalid }).regex(/^\d{4}-\d{2}-\d{2}$/, MEETUP_TEXTS.dayInvalid),
  time: z.string({ error: MEETUP_TEXTS.timeInvalid }).regex(/^\d{2}:\d{2}$/, MEETUP_TEXTS.timeInvalid),
});
export type SuggestMeetupBody = z.infer<typeof SuggestMeetupBodySchema>;

export const MeetupIdParamsSchema = z.object({ meetupId: RowIdSchema });

const MeetupSpotSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  hours: z.string(),
});

const MeetupSchema = z.object({
  id: z.string(),
  chatId: z.string(),
  /** Who suggested it; the other side answers. */
  fromUserId: z.string(),
  toUserId: z.string(),
  spot: MeetupSpotSchema,
  startsAt: z.string(),
  /** The campus's time zone, in which its card reads the day and time. */
  timeZone: z.string(),
  status: z.enum(MEETUP_STATUSES),
  /** The viewer may Accept it now (the other side's open suggestion, not passed). */
  canAnswer: z.boolean(),
  createdAt: z.string(),
});
export type Meetup = z.infer<typeof MeetupSchema>;

export const MeetupResponseSchema = z.object({ meetup: MeetupSchema });
export type MeetupResponse = z.infer<typeof MeetupResponseSchema>;

/** A chat's meet-up cards, newest first, and the accepted one pinned at its top (if any). */
export const ChatMeetupsSchema = z.object({ meetups: z.array(MeetupSchema), pinned: MeetupSchema.nullable() });
export type ChatMeetups = z.infer<typeof ChatMeetupsSchema>;
