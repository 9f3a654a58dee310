import type { CampusResponse } from '@campus/contract';

/** The service that runs every campus community (the hub's own name). */
export const OPERATOR_NAME = 'Campus Buy / Sell';

/** '{shortName} Buy / Sell', e.g. 'OU Buy / Sell'; on the hub 'Campus Buy / Sell'. */
export function brandName(campus: CampusResponse): string {
  return `${campus.shortName} Buy / Sell`;
}

/**
 * The full school name as it reads mid-sentence: names built on "of" take an article
 * ('the University of Oklahoma', 'the Massachusetts Institute of Technology'), others
 * do not ('Stanford University').
 */
export function schoolName(campus: CampusResponse): string {
  if (campus.isHub) return 'your college or university';
  return /\bof\b/.test(campus.name) && !/^the\s/i.test(campus.name) ? `the ${campus.name}` : campus.name;
}

/** 'students of the University of Oklahoma'; on the hub, students in general. */
export function studentsPhrase(campus: CampusResponse): string {
  return campus.isHub ? 'college students across the United States' : `students of ${schoolName(campus)}`;
}

/** 'Norman, OK', or an empty string on the hub (whose location is just the country). */
export function locationPhrase(campus: CampusResponse): string {
  if (campus.isHub || !campus.location.city) return '';
  return campus.location.state ? `${campus.location.city}, ${campus.location.state}` : campus.location.city;
}

export function instagramUrl(campus: CampusResponse): string {
  return `https://instagram.com/${campus.instagram}`;
}

export function instagramHandle(campus: CampusResponse): string {
  return `@${campus.instagram}`;
}

export function mailtoUrl(campus: CampusResponse, subject?: string): string {
  return subject
    ? `mailto:${campus.supportEmail}?subject=${encodeURIComponent(subject)}`
    : `mailto:${campus.supportEmail}`;
}
