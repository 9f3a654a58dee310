import { useCallback } from 'react';
import { useViewer } from '@/lib/viewer.ts';
import { type AuthModalTrigger, useAuthModal, useVerifySchoolModal } from './auth-modals.tsx';

/**
 * For actions only school-verified members may take (spec 1 §5, §6: post, comment, like,
 * message): returns `allow(trigger)`, which is true for a member and otherwise opens the login
 * modal (visitors) or the verify-school modal (signed in, no verified school) and is false.
 *
 *   const allow = useMemberGate();
 *   const handleLike = () => { if (allow('like')) like.mutate(postId); };
 */
export function useMemberGate(): (trigger: AuthModalTrigger) => boolean {
  const viewer = useViewer();
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
      return true;
    },
    [viewer, authModal, verifySchoolModal],
  );
}
