import {
  CAMPUS_IDS,
  type CampusDefinition,
  type CampusResponse,
  type CampusSummary,
  type SignInOptions,
} from '@campus/contract';

/** Where the visitor reached us: its protocol, host and port. */
export interface Origin {
  protocol: string;
  hostname: string;
  /** Host with port, as the browser sent it. */
  host: string;
}

/**
 * A campus's site address as this visitor should use it: the address they are on for the
 * current campus, `{slug}.localhost` siblings in development, the configured URL otherwise.
 */
function siteUrlFor(campus: CampusDefinition, origin: Origin, isCurrent: boolean): string {
  if (isCurrent) return `${origin.protocol}://${origin.host}`;
  if (origin.hostname === 'localhost' || origin.hostname.endsWith('.localhost')) {
    const port = origin.host.slice(origin.hostname.length);
    return `${origin.protocol}://${campus.slug}.localhost${port}`;
  }
  return campus.url;
}

export function presentCampusSummary(campus: CampusDefinition, origin: Origin, isCurrent: boolean): CampusSummary {
  return {
    id: campus.id,
    slug: campus.slug,
    name: campus.name,
    shortName: campus.shortName,
    isHub: campus.isHub,
    privacy: campus.privacy,
    siteUrl: siteUrlFor(campus, origin, isCurrent),
    logoUrl: `/api/campuses/${campus.id}/logo.svg`,
    location: campus.location,
    themeColor: campus.themeColor,
    instagram: campus.instagram,
    supportEmail: campus.supportEmail,
  };
}

/** Passwordless links and password reset are offered on OU only (docs/product/accounts.md#ou-only-options). */
export function signInOptionsFor(campus: CampusDefinition, googleConfigured: boolean): SignInOptions {
  const isOu = campus.id === CAMPUS_IDS.ou;
  return { google: googleConfigured, emailLink: isOu, forgotPassword: isOu };
}

export function presentCampus(
  campus: CampusDefinition,
  origin: Origin,
  memberCount: number,
  signIn: SignInOptions,
): CampusResponse {
  return { ...presentCampusSummary(campus, origin, true), memberCount, signIn };
}

/** Letters of the monogram logo: short names up to four letters whole, else their capitals. */
function monogram(shortName: string): string {
  if (shortName.length <= 4) return shortName.toUpperCase();
  return shortName.replace(/[^A-Z]/g, '') || shortName.charAt(0).toUpperCase();
}

/**
 * The campus's monogram logo. `maskable`: the app icon a phone crops to its own shape
 * (decision 041): the colour fills the square and the letters keep inside the middle 80 %.
 */
export function logoSvg(campus: CampusDefinition, { maskable = false }: { maskable?: boolean } = {}): string {
  const letters = monogram(campus.shortName);
  const full = letters.length <= 1 ? 60 : letters.length === 2 ? 48 : letters.length === 3 ? 38 : 30;
  const fontSize = maskable ? Math.round(full * 0.75) : full;
  const escaped = letters.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" role="img" aria-label="${campus.shortName} Buy / Sell">
<rect width="100" height="100"${maskable ? '' : ' rx="22"'} fill="${campus.themeColor}"/>
<text x="50" y="50" dy="0.35em" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif" font-weight="800" font-size="${fontSize}" fill="#ffffff">${escaped}</text>
</svg>`;
}
