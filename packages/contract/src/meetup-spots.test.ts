import { describe, expect, it } from 'vitest';
import { CAMPUSES } from './campuses.ts';
import {
  addDays,
  campusDay,
  campusTimeToInstant,
  campusTimeZone,
  findMeetupSpot,
  formatMeetupTime,
  MEETUP_SPOTS,
  meetupSpotsOf,
} from './meetup-spots.ts';

describe('meet-up spots', () => {
  it('every member campus has at least three, with unique ids of its own and every field filled', () => {
    const ids = new Set<string>();
    for (const campus of CAMPUSES.filter((c) => !c.isHub)) {
      const spots = meetupSpotsOf(campus.slug);
      expect(spots.length, campus.slug).toBeGreaterThanOrEqual(3);
      for (const spot of spots) {
        expect(spot.id.startsWith(`${campus.slug}-`)).toBe(true);
        expect(ids.has(spot.id)).toBe(false);
        ids.add(spot.id);
        expect(spot.name && spot.description && spot.hours).toBeTruthy();
      }
    }
    expect(Object.keys(MEETUP_SPOTS)).not.toContain('hub');
  });

  it("finds a spot only on its own campus's list", () => {
    expect(findMeetupSpot('ou', 'ou-police')?.name).toBe('OU Police Department lobby');
    expect(findMeetupSpot('ut', 'ou-police')).toBeUndefined();
    expect(findMeetupSpot('hub', 'ou-police')).toBeUndefined();
  });
});

describe('campus time', () => {
  it('reads a day and time on the campus clock, across daylight saving', () => {
    expect(campusTimeToInstant('2026-11-27', '15:30', 'America/Chicago')?.toISOString()).toBe(
      '2026-11-27T21:30:00.000Z',
    );
    expect(campusTimeToInstant('2026-07-01', '15:30', 'America/Chicago')?.toISOString()).toBe(
      '2026-07-01T20:30:00.000Z',
    );
    expect(campusTimeToInstant('2026-11-27', '09:00', 'America/Los_Angeles')?.toISOString()).toBe(
      '2026-11-27T17:00:00.000Z',
    );
    // The hour after the fall-back change and the one skipped in spring still land.
    expect(campusTimeToInstant('2026-11-01', '12:00', 'America/New_York')?.toISOString()).toBe(
      '2026-11-01T17:00:00.000Z',
    );
    expect(campusTimeToInstant('2026-03-08', '02:30', 'America/Chicago')).not.toBeNull();
  });

  it('refuses days and times that do not exist', () => {
    for (const [day, time] of [
      ['2026-02-30', '10:00'],
      ['2026-13-01', '10:00'],
      ['2026-11-27', '24:00'],
      ['2026-11-27', '10:60'],
      ['27/11/2026', '10:00'],
      ['2026-11-27', '3pm'],
    ] as const) {
      expect(campusTimeToInstant(day, time, 'America/Chicago'), `${day} ${time}`).toBeNull();
    }
  });

  it('gives the campus day, days ahead, and the card line', () => {
    // 03:00 UTC is still the evening before in Chicago.
    expect(campusDay(new Date('2026-11-28T03:00:00Z'), 'America/Chicago')).toBe('2026-11-27');
    expect(addDays('2026-11-27', 30)).toBe('2026-12-27');
    expect(formatMeetupTime('2026-11-27T21:30:00.000Z', campusTimeZone('ou'))).toBe('Fri, Nov 27 at 3:30 PM');
  });
});
