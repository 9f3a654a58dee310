import { CAMPUS_IDS } from '@campus/contract';
import { describe, expect, it } from 'vitest';
import { joinTarget } from './join-target.ts';

describe('joinTarget', () => {
  it('joins the site campus when none is picked, without sending an id', () => {
    const target = joinTarget(null, CAMPUS_IDS.ou);
    expect(target?.campus.shortName).toBe('OU');
    expect(target?.campusParam).toBeUndefined();
  });

  it('joins the picked campus from any site, and keeps its id', () => {
    const target = joinTarget(CAMPUS_IDS.ut, CAMPUS_IDS.hub);
    expect(target?.campus.name).toBe('University of Texas at Austin');
    expect(target?.campus.emailDomains).toContain('utexas.edu');
    expect(target?.campusParam).toBe(CAMPUS_IDS.ut);
  });

  it('ignores an unknown or hub id and falls back to the site campus', () => {
    expect(joinTarget('nonsense', CAMPUS_IDS.smu)?.campus.shortName).toBe('SMU');
    expect(joinTarget(CAMPUS_IDS.hub, CAMPUS_IDS.smu)?.campusParam).toBeUndefined();
  });

  it('has nothing to join on the hub without a pick', () => {
    expect(joinTarget(null, CAMPUS_IDS.hub)).toBeNull();
    expect(joinTarget('nonsense', CAMPUS_IDS.hub)).toBeNull();
  });
});
