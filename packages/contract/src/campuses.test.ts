import { describe, expect, it } from 'vitest';
import { CAMPUSES, CampusDefinitionSchema, campusById, campusBySlug, DEFAULT_CAMPUS_ID } from './campuses.ts';

/** WCAG 2.x relative luminance of an sRGB colour written #rrggbb. */
function relativeLuminance(hex: string): number {
  const channel = (offset: number) => {
    const c = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

describe('contrastRatio', () => {
  it('matches the WCAG reference values', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // #767676 is the classic lightest grey that passes AA on white (4.54).
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
  });
});

describe('CAMPUSES', () => {
  it('has the 15 deployments with unique ids and slugs', () => {
    expect(CAMPUSES).toHaveLength(15);
    expect(new Set(CAMPUSES.map((c) => c.id)).size).toBe(15);
    expect(new Set(CAMPUSES.map((c) => c.slug)).size).toBe(15);
    expect(CAMPUSES.map((c) => c.shortName).sort()).toEqual(
      [
        'Campus',
        'OU',
        'UT',
        'SMU',
        'UF',
        'UCLA',
        'Stanford',
        'Duke',
        'OKState',
        'TAMU',
        'MIT',
        'Harvard',
        'UCF',
        'FSU',
        'UNT',
      ].sort(),
    );
  });

  it('keeps the fixed ids of OU, UT, SMU, UF and the hub', () => {
    expect(campusBySlug('hub')?.id).toBe('0b6f8f3e-5d2a-4c11-9a7e-000000000000');
    expect(campusBySlug('ou')?.id).toBe('0b6f8f3e-5d2a-4c11-9a7e-000000000001');
    expect(campusBySlug('ut')?.id).toBe('0b6f8f3e-5d2a-4c11-9a7e-000000000002');
    expect(campusBySlug('smu')?.id).toBe('0b6f8f3e-5d2a-4c11-9a7e-000000000003');
    expect(campusBySlug('uf')?.id).toBe('0b6f8f3e-5d2a-4c11-9a7e-000000000004');
    expect(DEFAULT_CAMPUS_ID).toBe(campusBySlug('ou')?.id);
    expect(campusById('0b6f8f3e-5d2a-4c11-9a7e-000000000000')?.isHub).toBe(true);
  });

  it('has exactly one hub, and it is the only campus without email domains', () => {
    expect(CAMPUSES.filter((c) => c.isHub).map((c) => c.slug)).toEqual(['hub']);
    for (const campus of CAMPUSES.filter((c) => !c.isHub)) {
      expect(campus.emailDomains.length, campus.slug).toBeGreaterThanOrEqual(1);
      for (const domain of campus.emailDomains) expect(domain, campus.slug).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)*\.edu$/);
    }
  });

  it('are all private and valid definitions', () => {
    for (const campus of CAMPUSES) {
      expect(CampusDefinitionSchema.parse(campus)).toEqual(campus);
      expect(campus.privacy, campus.slug).toBe('private');
    }
  });

  it('has theme colours readable under white text (WCAG AA, 4.5:1)', () => {
    for (const campus of CAMPUSES) {
      expect(contrastRatio(campus.themeColor, '#ffffff'), `${campus.slug} ${campus.themeColor}`).toBeGreaterThanOrEqual(
        4.5,
      );
    }
  });
});
