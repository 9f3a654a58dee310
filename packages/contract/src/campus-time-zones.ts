/**
 * Each campus's clock, apart from the meet-up spots' data: a suspension's end is read on it too,
 * and the moderation texts every post card carries need no list of places (docs/decisions/022-entry-javascript.md).
 */

/** Each campus's time zone: the meet-up places are there, so its times are read there. */
const CAMPUS_TIME_ZONES: Readonly<Record<string, string>> = {
  hub: 'America/Chicago',
  ou: 'America/Chicago',
  ut: 'America/Chicago',
  smu: 'America/Chicago',
  okstate: 'America/Chicago',
  tamu: 'America/Chicago',
  unt: 'America/Chicago',
  uf: 'America/New_York',
  duke: 'America/New_York',
  mit: 'America/New_York',
  harvard: 'America/New_York',
  ucf: 'America/New_York',
  fsu: 'America/New_York',
  ucla: 'America/Los_Angeles',
  stanford: 'America/Los_Angeles',
};

export function campusTimeZone(campusSlug: string): string {
  return CAMPUS_TIME_ZONES[campusSlug] ?? 'America/Chicago';
}
