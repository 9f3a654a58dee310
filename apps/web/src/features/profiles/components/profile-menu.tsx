import { BLOCK_TEXTS, POST_MESSAGES, PROFILE_MESSAGES, type PublicProfile } from '@campus/contract';
import { Ban, Ellipsis, Flag, KeyRound, Link2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { copyText } from '@/components/post-card/use-copy-link.ts';
import { preloadReportDialog, ReportDialog } from '@/components/report/index.ts';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import styles from '@/components/ui/dropdown-menu.module.css';
import { MenuOnDemand } from '@/components/ui/menu-on-demand.tsx';
import { paths } from '@/config/paths.ts';
import { useSetBlocked } from '@/lib/blocks.ts';
import { useCampus } from '@/lib/campus.ts';
import { useClaimProfile } from '../api/claim-profile.ts';

const BLOCK = 'Block';

/**
 * The header menu of a profile (docs/product/profiles.md#profile-menu): copy its link; claim an account whose email was
 * never verified (the sign-in link goes to its own address, then /login/sent); block or unblock
 * and report another member.
 */
export function ProfileMenu({ profile }: { profile: PublicProfile }) {
  const campus = useCampus();
  const { showAlert } = useAlert();
  const [reporting, setReporting] = useState(false);
  const [confirmingBlock, setConfirmingBlock] = useState(false);
  const block = useSetBlocked();
  const trigger = useRef<HTMLButtonElement>(null);
  const claim = useClaimProfile(profile.username);
  const navigate = useNavigate();
  // Emailed sign-in links are what a claim sends; campuses without them do not offer it.
  const claimable = !profile.verified && !profile.isOwn && campus.signIn.emailLink;

  const handleClaim = () => {
    if (claim.isPending) return;
    claim.mutate(undefined, {
      onSuccess: () => navigate(paths.loginSent.getHref()),
      onError: (error) => showAlert(error.message, { type: 'danger' }),
    });
  };
  const reportLabel = PROFILE_MESSAGES.report(profile.firstName);
  const name = `${profile.firstName} ${profile.lastName}`;

  const setBlocked = (blocked: boolean) => {
    if (block.isPending) return;
    block.mutate(
      { userId: profile.id, blocked },
      {
        onSettled: () => setConfirmingBlock(false),
        onError: (error) => showAlert(error.message, { type: 'danger' }),
      },
    );
  };

  const copyProfileLink = async () => {
    const link = `${campus.siteUrl.replace(/\/+$/, '')}${paths.profile.getHref(profile.username)}`;
    if (await copyText(link)) showAlert(POST_MESSAGES.copiedToClipboard);
  };

  return (
    <>
      <MenuOnDemand
        face={<Ellipsis aria-hidden="true" size={20} />}
        label="Profile options"
        triggerClassName={styles.trigger}
        triggerRef={trigger}
        onIntent={profile.isOwn ? undefined : preloadReportDialog}
      >
        {(DropdownMenu) => (
          <>
            <DropdownMenu.Item className={styles.menuItem} onSelect={() => void copyProfileLink()}>
              <Link2 aria-hidden="true" size={18} />
              {PROFILE_MESSAGES.copyLinkToProfile}
            </DropdownMenu.Item>
            {claimable && (
              <DropdownMenu.Item className={styles.menuItem} disabled={claim.isPending} onSelect={handleClaim}>
                <KeyRound aria-hidden="true" size={18} />
                {PROFILE_MESSAGES.claimAccount}
              </DropdownMenu.Item>
            )}
            {!profile.isOwn && (
              <DropdownMenu.Item
                className={styles.menuItem}
                disabled={block.isPending}
                onSelect={() => (profile.blockedByViewer ? setBlocked(false) : setConfirmingBlock(true))}
              >
                <Ban aria-hidden="true" size={18} />
                {profile.blockedByViewer ? BLOCK_TEXTS.unblock(name) : BLOCK_TEXTS.block(name)}
              </DropdownMenu.Item>
            )}
            {!profile.isOwn && (
              <DropdownMenu.Item className={`${styles.menuItem} ${styles.danger}`} onSelect={() => setReporting(true)}>
                <Flag aria-hidden="true" size={18} />
                {reportLabel}
              </DropdownMenu.Item>
            )}
          </>
        )}
      </MenuOnDemand>
      <ConfirmDialog
        open={confirmingBlock}
        onOpenChange={setConfirmingBlock}
        title={BLOCK_TEXTS.block(name)}
        body={BLOCK_TEXTS.confirm(name)}
        confirmLabel={BLOCK}
        tone="danger"
        pending={block.isPending}
        onConfirm={() => setBlocked(true)}
      />
      {/* 'Report {name}' (docs/product/profiles.md#profile-menu) with a reason and a note (docs/product/moderation.md#reporting). */}
      <ReportDialog
        target={{ type: 'user', id: profile.id }}
        open={reporting}
        onOpenChange={setReporting}
        title={reportLabel}
        doneMessage={PROFILE_MESSAGES.userReported}
        returnFocusTo={trigger}
      />
    </>
  );
}
