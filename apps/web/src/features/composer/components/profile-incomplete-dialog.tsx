import { POST_MESSAGES } from '@campus/contract';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { composerUiStore, useComposerUi } from '../lib/composer-store.ts';

const PROFILE_PROMPT_TEXTS = { setUp: 'Set Up Profile', notNow: 'Not Now' } as const;

/**
 * 'Your profile is not complete' (docs/product/community.md#profile-needed-to-post): posting needs a picture and a bio. Its button
 * goes to profile set-up, which comes back to the composer ('Continue Posting').
 */
export function ProfileIncompleteDialog() {
  const { profilePrompt } = useComposerUi();
  const navigate = useNavigate();
  return (
    <ConfirmDialog
      open={profilePrompt !== null}
      onOpenChange={(open) => !open && composerUiStore.closeProfilePrompt()}
      title={POST_MESSAGES.profileIncompleteTitle}
      body={POST_MESSAGES.profileIncompleteBody}
      confirmLabel={PROFILE_PROMPT_TEXTS.setUp}
      cancelLabel={PROFILE_PROMPT_TEXTS.notNow}
      onConfirm={() => {
        if (!profilePrompt) return;
        // The draft stays in the store; the composer opens again from set-up's last step.
        composerUiStore.closeDialog();
        composerUiStore.closeProfilePrompt();
        navigate(profilePrompt.setUpHref);
      }}
    />
  );
}
