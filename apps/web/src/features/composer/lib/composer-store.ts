import type { CampusResponse, Post, Viewer } from '@campus/contract';
import { useSyncExternalStore } from 'react';

/** What the composer answers: nothing (a new post), or a post or comment (a comment, a reply). */
interface ComposerTarget {
  parentId: string | null;
  /** The post answered, when the caller has it: shown above the editor. */
  parentPost: Post | null;
}

export interface ComposerUiState {
  /** The desktop composer dialog, when open. */
  dialog: (ComposerTarget & { opener: HTMLElement | null }) | null;
  /** 'Your profile is not complete', when shown: its button leads to profile set-up. */
  profilePrompt: { setUpHref: string } | null;
  /** The desktop edit dialog of one's listing, when open (docs/product/selling.md#editing-a-listing). */
  editing: { postId: string; opener: HTMLElement | null } | null;
}

/**
 * Which composer dialogs are open. A store rather than context: the buttons that open the
 * composer (side nav, tab bar, feed, post page) are not below the host that draws it.
 */
function createComposerUiStore() {
  let state: ComposerUiState = { dialog: null, profilePrompt: null, editing: null };
  const listeners = new Set<() => void>();
  const set = (change: Partial<ComposerUiState>) => {
    state = { ...state, ...change };
    for (const listener of listeners) listener();
  };
  return {
    get: () => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    openDialog(target: ComposerTarget, opener: HTMLElement | null = null) {
      set({ dialog: { ...target, opener } });
    },
    closeDialog() {
      set({ dialog: null });
    },
    openProfilePrompt(setUpHref: string) {
      set({ profilePrompt: { setUpHref } });
    },
    closeProfilePrompt() {
      set({ profilePrompt: null });
    },
    openEdit(postId: string, opener: HTMLElement | null = null) {
      set({ editing: { postId, opener } });
    },
    closeEdit() {
      set({ editing: null });
    },
  };
}

export const composerUiStore = createComposerUiStore();

export function useComposerUi(): ComposerUiState {
  return useSyncExternalStore(composerUiStore.subscribe, composerUiStore.get, composerUiStore.get);
}

/**
 * Who may open the composer (docs/product/community.md#who-may-post, docs/product/community.md#permission-table), in the order the checks apply. A member of
 * another campus (a UT student on OU's site) may look but not post: they get the join modal.
 */
export type ComposerGate = 'visitor' | 'verify-school' | 'other-campus' | 'profile-incomplete' | 'ok';

export function composerGate(
  viewer: Pick<Viewer, 'schoolVerified' | 'profileSetUp' | 'campusId'> | null,
  campus: Pick<CampusResponse, 'id' | 'isHub'>,
): ComposerGate {
  if (!viewer) return 'visitor';
  if (!viewer.schoolVerified) return 'verify-school';
  if (!campus.isHub && viewer.campusId !== campus.id) return 'other-campus';
  if (!viewer.profileSetUp) return 'profile-incomplete';
  return 'ok';
}
