import { POST_MESSAGES, PROFILE_MESSAGES, type PublicProfile } from '@campus/contract';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Ellipsis, Flag, Link2 } from 'lucide-react';
import { useState } from 'react';
import { copyText } from '@/components/post-card/use-copy-link.ts';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { paths } from '@/config/paths.ts';
import { useCampus } from '@/lib/campus.ts';
import { useReportUser } from '../api/report-user.ts';
import styles from './profile.module.css';

const REPORT_BODY = 'Our moderators will look at this profile. They won’t be told who reported them.';
const REPORT = 'Report';

/** The header menu of a profile (spec 2 §2): copy its link; report another member. */
export function ProfileMenu({ profile }: { profile: PublicProfile }) {
  const campus = useCampus();
  const { showAlert } = useAlert();
  const [reporting, setReporting] = useState(false);
  const report = useReportUser(profile.username);
  const reportLabel = PROFILE_MESSAGES.report(profile.firstName);

  const copyProfileLink = async () => {
    const link = `${campus.siteUrl.replace(/\/+$/, '')}${paths.profile.getHref(profile.username)}`;
    if (await copyText(link)) showAlert(POST_MESSAGES.copiedToClipboard);
  };

  const confirmReport = () =>
    report.mutate(undefined, {
      onSuccess: () => {
        setReporting(false);
        showAlert(PROFILE_MESSAGES.userReported);
      },
      onError: (error) => showAlert(error.message, { type: 'danger' }),
    });

  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger className={styles.menuTrigger} aria-label="Profile options">
          <Ellipsis aria-hidden="true" size={20} />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className={styles.menu} align="end" sideOffset={6} collisionPadding={12}>
            <DropdownMenu.Item className={styles.menuItem} onSelect={() => void copyProfileLink()}>
              <Link2 aria-hidden="true" size={18} />
              {PROFILE_MESSAGES.copyLinkToProfile}
            </DropdownMenu.Item>
            {!profile.isOwn && (
              <DropdownMenu.Item className={`${styles.menuItem} ${styles.danger}`} onSelect={() => setReporting(true)}>
                <Flag aria-hidden="true" size={18} />
                {reportLabel}
              </DropdownMenu.Item>
            )}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ConfirmDialog
        open={reporting}
        onOpenChange={setReporting}
        title={`${reportLabel}?`}
        body={REPORT_BODY}
        confirmLabel={REPORT}
        tone="danger"
        pending={report.isPending}
        onConfirm={confirmReport}
      />
    </>
  );
}
