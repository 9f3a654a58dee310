import type { CampusDefinition } from '@campus/contract';
import sharp from 'sharp';
import { logoSvg } from './campus.presenter.ts';

/**
 * The installable app of a campus (docs/product/push-and-app.md#the-app, decision 041): its web
 * app manifest and its icons, drawn from the campus logo.
 */

export const APP_ICON_NAMES = ['192.png', '512.png', 'maskable-192.png', 'maskable-512.png'] as const;
export type AppIconName = (typeof APP_ICON_NAMES)[number];

const iconUrl = (campus: CampusDefinition, name: AppIconName) => `/api/campuses/${campus.id}/icons/${name}`;

/** The short name under a home-screen icon: 'OU Buy/Sell' when it fits (12 characters), else 'Stanford'. */
function shortAppName(campus: CampusDefinition): string {
  const long = `${campus.shortName} Buy/Sell`;
  return long.length <= 12 ? long : campus.shortName;
}

/** The web app manifest of the campus's site. */
export function appManifest(campus: CampusDefinition) {
  return {
    id: '/',
    name: `${campus.shortName} Buy / Sell`,
    short_name: shortAppName(campus),
    description: `Buy, sell and chat with students of ${campus.name}.`,
    lang: 'en-US',
    dir: 'ltr',
    start_url: '/home?source=app',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: campus.themeColor,
    background_color: '#ffffff',
    categories: ['shopping', 'social'],
    icons: [
      { src: iconUrl(campus, '192.png'), sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: iconUrl(campus, '512.png'), sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: iconUrl(campus, 'maskable-192.png'), sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: iconUrl(campus, 'maskable-512.png'), sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/** Drawn once per campus, size and kind per process (a few KB each). */
const icons = new Map<string, Promise<Buffer>>();

/** A PNG app icon of the campus logo. */
export function appIcon(campus: CampusDefinition, name: AppIconName): Promise<Buffer> {
  const key = `${campus.id}/${name}`;
  let icon = icons.get(key);
  if (!icon) {
    const size = name.endsWith('512.png') ? 512 : 192;
    const svg = logoSvg(campus, { maskable: name.startsWith('maskable') });
    icon = sharp(Buffer.from(svg), { density: (72 * size) / 100 })
      .resize(size, size)
      .png()
      .toBuffer();
    icon.catch(() => icons.delete(key));
    icons.set(key, icon);
  }
  return icon;
}
