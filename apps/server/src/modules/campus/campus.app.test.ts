import { CAMPUS_IDS } from '@campus/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.ts';

const { app } = await createTestApp();

describe('GET /manifest.webmanifest', () => {
  it('is the campus of the host: its names, colour, start page and icons at 192 and 512 px, maskable too', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/manifest.webmanifest',
      headers: { host: 'ut.localhost:3000' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = res.json();
    expect(manifest).toMatchObject({
      name: 'UT Buy / Sell',
      short_name: 'UT Buy/Sell',
      display: 'standalone',
      start_url: '/home?source=app',
      scope: '/',
      theme_color: '#9a4500',
    });
    expect(manifest.description).toContain('University of Texas at Austin');
    const purposes = (manifest.icons as Array<{ sizes: string; purpose: string }>).map(
      (i) => `${i.sizes} ${i.purpose}`,
    );
    expect(purposes).toEqual(['192x192 any', '512x512 any', '192x192 maskable', '512x512 maskable']);

    for (const icon of manifest.icons as Array<{ src: string; sizes: string }>) {
      const png = await app.inject({ method: 'GET', url: icon.src, headers: { host: 'ut.localhost:3000' } });
      expect(png.statusCode).toBe(200);
      expect(png.headers['content-type']).toBe('image/png');
      const meta = await sharp(png.rawPayload).metadata();
      expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
    }
    // A long short name keeps to what fits under an icon.
    const stanford = await app.inject({
      method: 'GET',
      url: '/manifest.webmanifest',
      headers: { host: 'stanford.localhost:3000' },
    });
    expect(stanford.json().short_name).toBe('Stanford');
  });

  it('a maskable icon fills its square with the campus colour; the other has transparent corners', async () => {
    const corner = async (name: string) => {
      const res = await app.inject({ method: 'GET', url: `/api/campuses/${CAMPUS_IDS.ou}/icons/${name}` });
      const { data } = await sharp(res.rawPayload).raw().ensureAlpha().toBuffer({ resolveWithObject: true });
      return [...data.subarray(0, 4)];
    };
    expect(await corner('maskable-192.png')).toEqual([0x84, 0x16, 0x17, 255]);
    expect((await corner('192.png'))[3]).toBe(0);
  });

  it('unknown icons and campuses are 400, 404 or 414 (a 10,000-character name), never 500', async () => {
    for (const url of [
      `/api/campuses/${CAMPUS_IDS.ou}/icons/1024.png`,
      `/api/campuses/${CAMPUS_IDS.ou}/icons/${'a'.repeat(10_000)}`,
      '/api/campuses/not-a-campus/icons/192.png',
      '/api/campuses/00000000-0000-4000-8000-000000000000/icons/192.png',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect([400, 404, 414]).toContain(res.statusCode);
    }
  });
});
