/**
 * Safe meet-up spots (docs/product/safety.md#meet-ups): each campus's suggested public places to
 * meet a stranger, the campus's time zone (a meet-up's day and time are campus time), the texts of
 * the meet-up cards and the live event. Data and pure functions, without Zod, so the web app can
 * use them anywhere; the request and response schemas are in meetups.ts.
 */

export { campusTimeZone } from './campus-time-zones.ts';

export interface MeetupSpot {
  /** Stable id ('ou-union'): stored with a meet-up, so an entry is renamed, never renumbered. */
  id: string;
  name: string;
  description: string;
  hours: string;
}

/** A suggested day is at most this many days ahead (app clock). */
export const MEETUP_MAX_DAYS_AHEAD = 30;
/** An accepted meet-up stays pinned this long after its start: the meeting itself. */
export const MEETUP_PINNED_AFTER_START_MS = 60 * 60 * 1000;
/** The time picker's step. */
export const MEETUP_TIME_STEP_MINUTES = 15;

const HOURS = {
  union: 'Mon–Fri 7 am–11 pm · Sat–Sun 10 am–10 pm',
  library: 'Mon–Thu 7:30 am–midnight · Fri 7:30 am–6 pm · Sat 10 am–6 pm · Sun noon–midnight',
  police: 'Lobby open 24 hours, every day',
  gym: 'Mon–Fri 6 am–11 pm · Sat–Sun 9 am–9 pm',
} as const;

interface CampusSpotNames {
  union: [name: string, where: string];
  library: [name: string, where: string];
  police: [name: string, where: string];
  extra?: MeetupSpot;
}

/** Every campus offers the same three kinds of place, each under its own name. */
function spotsOf(slug: string, names: CampusSpotNames): MeetupSpot[] {
  const spots: MeetupSpot[] = [
    {
      id: `${slug}-police`,
      name: names.police[0],
      description: `${names.police[1]} Lit, on camera and staffed around the clock: the safest place to trade, above all for phones, laptops and cash.`,
      hours: HOURS.police,
    },
    {
      id: `${slug}-union`,
      name: names.union[0],
      description: `${names.union[1]} Busy all day, with seats, outlets and staff at the information desk.`,
      hours: HOURS.union,
    },
    {
      id: `${slug}-library`,
      name: names.library[0],
      description: `${names.library[1]} Well lit and busy; meet outside the security gates so neither of you needs to swipe in.`,
      hours: HOURS.library,
    },
  ];
  if (names.extra) spots.push(names.extra);
  return spots;
}

/** The suggested spots, by campus slug (the hub, which has no members of its own, has none). */
export const MEETUP_SPOTS: Readonly<Record<string, readonly MeetupSpot[]>> = {
  ou: spotsOf('ou', {
    police: ['OU Police Department lobby', 'The public lobby of the OUPD station on Jenkins Avenue.'],
    union: ['Oklahoma Memorial Union, main lobby', 'Inside the Asp Avenue doors, by the information desk.'],
    library: ['Bizzell Memorial Library, south entrance', 'On the South Oval, at the main doors.'],
    extra: {
      id: 'ou-couch',
      name: 'Couch Restaurants, main entrance',
      description: 'The dining hall on Lindsey Street: crowded at every meal and close to the dorms.',
      hours: 'Every day 7 am–10 pm',
    },
  }),
  ut: spotsOf('ut', {
    police: ['UT Police Department lobby', 'The UTPD building on Robert Dedman Drive, public lobby.'],
    union: ['Texas Union, ground floor', 'Inside the Guadalupe Street doors, near the food court.'],
    library: ['Perry-Castañeda Library (PCL), main entrance', 'On Speedway, at the front doors.'],
    extra: {
      id: 'ut-gregory',
      name: 'Gregory Gym, front desk',
      description: 'The recreation center on Speedway, with staff at the front desk whenever it is open.',
      hours: HOURS.gym,
    },
  }),
  smu: spotsOf('smu', {
    police: ['SMU Police Department lobby', 'Patterson Hall, the public lobby of the police department.'],
    union: ['Hughes-Trigg Student Center, commons', 'The ground-floor commons by the information desk.'],
    library: ['Fondren Library, main entrance', 'On the Main Quad, at the front doors.'],
  }),
  uf: spotsOf('uf', {
    police: ['UF Police Department lobby', 'The UPD building on Museum Road, public lobby.'],
    union: ['Reitz Union, main lobby', 'Inside the north entrance, by the information desk.'],
    library: ['Library West, front entrance', 'On University Avenue, at the main doors.'],
    extra: {
      id: 'uf-turlington',
      name: 'Turlington Plaza',
      description: 'The open plaza by Turlington Hall: crowded between classes on weekdays.',
      hours: 'Best on weekdays, 9 am–5 pm',
    },
  }),
  ucla: spotsOf('ucla', {
    police: ['UCPD station lobby', 'The UCLA Police Department on Westwood Plaza, public lobby.'],
    union: ['Ackerman Union, A-level lobby', 'By the Bruin Plaza doors and the information desk.'],
    library: ['Powell Library, main entrance', 'On Royce Quad, at the front steps.'],
  }),
  stanford: spotsOf('stanford', {
    police: ['Stanford Department of Public Safety lobby', 'The public safety building on Campus Drive, front lobby.'],
    union: ['Tresidder Memorial Union, front patio', 'By the front doors, next to the café seating.'],
    library: ['Green Library, Bing Wing entrance', 'On Escondido Mall, at the main doors.'],
  }),
  duke: spotsOf('duke', {
    police: ['Duke Police Department lobby', 'The station on Duke University Road, public lobby.'],
    union: ['Bryan Center, main lobby', 'On the upper level, by the information desk.'],
    library: ['Perkins Library, main entrance', 'On the main quad, at the front doors.'],
  }),
  okstate: spotsOf('okstate', {
    police: ['OSU Police Department lobby', 'The station on Hester Street, public lobby.'],
    union: ['Student Union, Atrium', 'Inside the main entrance, by the information desk.'],
    library: ['Edmon Low Library, main entrance', 'On Library Lawn, at the front doors.'],
  }),
  tamu: spotsOf('tamu', {
    police: ['University Police Department lobby', 'The UPD station on Agronomy Road, public lobby.'],
    union: ['Memorial Student Center (MSC), main hall', 'Inside the Joe Routt Boulevard doors.'],
    library: ['Evans Library, main entrance', 'On Academic Plaza side, at the front doors.'],
    extra: {
      id: 'tamu-rec',
      name: 'Student Recreation Center, front desk',
      description: 'The Rec on Bizzell Street, with staff at the front desk whenever it is open.',
      hours: HOURS.gym,
    },
  }),
  mit: spotsOf('mit', {
    police: ['MIT Police station lobby', 'The station on Vassar Street, public lobby.'],
    union: ['Stratton Student Center, lobby', 'On Massachusetts Avenue, by the information desk.'],
    library: ['Hayden Library, main entrance', 'On Memorial Drive, at the front doors.'],
  }),
  harvard: spotsOf('harvard', {
    police: ['Harvard University Police Department lobby', 'The station on Massachusetts Avenue, public lobby.'],
    union: ['Smith Campus Center, ground floor', 'Inside the Harvard Square doors, by the welcome desk.'],
    library: ['Lamont Library, main entrance', 'At the corner of Harvard Yard, at the front doors.'],
  }),
  ucf: spotsOf('ucf', {
    police: ['UCF Police Department lobby', 'The station on Gemini Boulevard North, public lobby.'],
    union: ['Student Union, main atrium', 'By the information desk on the first floor.'],
    library: ['John C. Hitt Library, main entrance', 'On Memory Mall side, at the front doors.'],
  }),
  fsu: spotsOf('fsu', {
    police: ['FSU Police Department lobby', 'The station on Learning Way, public lobby.'],
    union: ['Oglesby Union, main lobby', 'By the information desk, next to the food court.'],
    library: ['Strozier Library, main entrance', 'On Landis Green, at the front doors.'],
  }),
  unt: spotsOf('unt', {
    police: ['UNT Police Department lobby', 'The station on Sullivant Street, public lobby.'],
    union: ['University Union, main lobby', 'By the information desk on the first floor.'],
    library: ['Willis Library, main entrance', 'On the Library Mall, at the front doors.'],
  }),
};

export function meetupSpotsOf(campusSlug: string): readonly MeetupSpot[] {
  return MEETUP_SPOTS[campusSlug] ?? [];
}

export function findMeetupSpot(campusSlug: string, spotId: string): MeetupSpot | undefined {
  return meetupSpotsOf(campusSlug).find((spot) => spot.id === spotId);
}

const partsFormats = new Map<string, Intl.DateTimeFormat>();
function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormats.set(timeZone, format);
  }
  return format;
}

/** The wall clock in `timeZone` at `instant`, as UTC milliseconds of the same numbers. */
function wallClockMs(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of partsFormat(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
}

/** 'YYYY-MM-DD' of `instant` on the campus's calendar (the picker's today). */
export function campusDay(instant: Date, timeZone: string): string {
  return new Date(wallClockMs(instant.getTime(), timeZone)).toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD' plus `days` (calendar days). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days)).toISOString().slice(0, 10);
}

/**
 * The instant of a day ('2026-11-27') and time ('15:30') on the campus's clock, or null when
 * the day or time does not exist ('2026-02-30', '24:00'). A time skipped by a clock change
 * lands an hour later.
 */
export function campusTimeToInstant(day: string, time: string, timeZone: string): Date | null {
  const dayMatch = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const timeMatch = /^(\d{2}):(\d{2})$/.exec(time);
  if (!dayMatch || !timeMatch) return null;
  const [y, m, d] = [Number(dayMatch[1]), Number(dayMatch[2]), Number(dayMatch[3])];
  const [hh, mm] = [Number(timeMatch[1]), Number(timeMatch[2])];
  if (hh > 23 || mm > 59) return null;
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  const check = new Date(wall);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return null;
  // The zone's offset at a first guess, then at the answer (right across a clock change).
  const first = wall - (wallClockMs(wall, timeZone) - wall);
  const instant = wall - (wallClockMs(first, timeZone) - first);
  return new Date(instant);
}

const whenFormats = new Map<string, Intl.DateTimeFormat>();
/** 'Fri, Nov 27 at 3:30 PM' on the campus's clock. */
export function formatMeetupTime(instant: Date | string, timeZone: string): string {
  let format = whenFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    });
    whenFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(typeof instant === 'string' ? new Date(instant) : instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('weekday')}, ${get('month')} ${get('day')} at ${get('hour')}:${get('minute')} ${get('dayPeriod')}`;
}

/** What a meet-up card says it became; 'passed' is read on the app clock, never stored. */
export const MEETUP_STATUSES = ['open', 'accepted', 'replaced', 'passed'] as const;
export type MeetupStatus = (typeof MEETUP_STATUSES)[number];

export const MEETUP_STATUS_LABELS: Record<MeetupStatus, string> = {
  open: 'Waiting for an answer',
  accepted: 'Accepted',
  replaced: 'Another time was suggested',
  passed: 'This time has passed',
};

export const MEETUP_TEXTS = {
  suggest: 'Suggest a meet-up',
  dialogTitle: 'Suggest a meet-up',
  anotherTitle: 'Suggest another meet-up',
  dialogHint: 'Meet in a public place on campus, in daylight if you can. Bring a friend for big items.',
  placeLabel: 'Place',
  dayLabel: 'Day',
  timeLabel: 'Time',
  campusTime: (zone: string) => `Campus time (${zone.replace(/^America\//, '').replace(/_/g, ' ')})`,
  send: 'Send suggestion',
  cancel: 'Cancel',
  sent: 'Meet-up suggested',
  accepted: 'Meet-up accepted',
  /** The chat line of a meet-up card, also the inbox preview and the notification. */
  line: (spot: string, when: string) => `Meet-up: ${spot}, ${when}`,
  yourSuggestion: 'You suggested a meet-up',
  theirSuggestion: 'Meet-up suggested',
  accept: 'Accept',
  suggestAnother: 'Suggest another',
  pinnedLabel: 'Upcoming meet-up',
  hoursLabel: 'Hours',
  safetyHeading: 'Safe meet-up spots',
  safetyIntro: (campus: string) =>
    `Public places at ${campus} that suit meeting someone you don't know. Suggest one from any chat with Suggest a meet-up.`,
  noSpots: 'This campus has no suggested meet-up spots yet.',

  // Refusals (nothing is stored).
  spotUnknown: 'Choose one of the meet-up spots.',
  dayInvalid: 'Choose a day.',
  timeInvalid: 'Choose a time.',
  inThePast: 'Choose a time that has not passed.',
  tooFar: `Choose a day within the next ${MEETUP_MAX_DAYS_AHEAD} days.`,
  notFound: 'This meet-up is no longer available.',
  ownSuggestion: "You can't accept your own suggestion.",
  answered: 'This meet-up was already answered.',
  passed: 'This time has passed. Suggest another.',
  busy: 'Someone suggested a meet-up at the same moment. Try again.',
} as const;
