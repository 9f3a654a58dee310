import { CAMPUS_IDS } from '@campus/contract';
import { describe, expect, it } from 'vitest';
import { composerGate, composerUiStore } from './composer-store.ts';

describe('composerGate', () => {
  const ou = { id: CAMPUS_IDS.ou, isHub: false };
  it('checks sign-in, then the school, then the campus, then the profile', () => {
    expect(composerGate(null, ou)).toBe('visitor');
    expect(composerGate({ schoolVerified: false, profileSetUp: false, campusId: null }, ou)).toBe('verify-school');
    expect(composerGate({ schoolVerified: true, profileSetUp: false, campusId: CAMPUS_IDS.ut }, ou)).toBe(
      'other-campus',
    );
    expect(composerGate({ schoolVerified: true, profileSetUp: false, campusId: CAMPUS_IDS.ou }, ou)).toBe(
      'profile-incomplete',
    );
    expect(composerGate({ schoolVerified: true, profileSetUp: true, campusId: CAMPUS_IDS.ou }, ou)).toBe('ok');
  });
});

describe('composerUiStore', () => {
  it('opens and closes the dialog and the profile prompt, telling subscribers', () => {
    let calls = 0;
    const stop = composerUiStore.subscribe(() => calls++);
    composerUiStore.openDialog({ parentId: 'p1', parentPost: null });
    expect(composerUiStore.get().dialog).toEqual({ parentId: 'p1', parentPost: null, opener: null });
    composerUiStore.openProfilePrompt('/profile/set-up?origin=post');
    expect(composerUiStore.get().profilePrompt).toEqual({ setUpHref: '/profile/set-up?origin=post' });
    composerUiStore.closeDialog();
    composerUiStore.closeProfilePrompt();
    expect(composerUiStore.get()).toEqual({ dialog: null, profilePrompt: null, editing: null });
    stop();
    expect(calls).toBe(4);
  });
});
