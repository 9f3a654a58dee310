import { useCallback } from 'react';
import { useCampus } from '@/lib/campus.ts';
import { useViewer } from '@/lib/viewer.ts';
import { type AuthModalTrigger, useAuthModal, useVerifySchoolModal } from './auth-modals.tsx';

/**
 * For actions only school-verified members may take (docs/product/community.md#who-may-post, docs/product/community.md#permission-table: post, comment, like,
 * message): returns `allow(trigger)`, which is true for a member and otherwise opens the login
 * modal (visitors) or the verify-school modal (signed in, no verified school) and is false.
 * A member of another campus (a UT student on OU's site) gets the login/join modal too, in its
 * words for a signed-in member, rather than the server's 'Only members of this campus…' refusal.
 *
 *   const allow = useMemberGate();
 *   const handleLike = () => { if (allow('like')) like.mutate(postId); };
 */
export function useMemberGate(): (trigger: AuthModalTrigger) => boolean {
  const viewer = useViewer();
  const campus = useCampus();
  const authModal = useAuthModal();
  const verifySchoolModal = useVerifySchoolModal();
  return useCallback(
    (trigger: AuthModalTrigger) => {
      if (!viewer) {
        void authModal.open(trigger);
        return false;
      }
      if (!viewer.schoolVerified) {
        verifySchoolModal.open();
        return false;
      }
      if (!campus.isHub && viewer.campusId !== campus.id) {
        void authModal.open(trigger);
        return false;
      }
      return true;
    },
    [viewer, campus, authModal, verifySchoolModal],
  );
}
