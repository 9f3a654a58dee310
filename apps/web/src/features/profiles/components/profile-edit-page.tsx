import type { Viewer } from '@campus/contract';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { Button, ButtonLink } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { ChangePhoto } from './change-photo.tsx';
import { EDIT_BIO_TITLE, EditBioModal } from './edit-bio-modal.tsx';
import { EDIT_NAME_TITLE, EditNameModal } from './edit-name-modal.tsx';
import styles from './profile-edit.module.css';

const NO_BIO = 'Tell people a little about yourself.';

interface EditRowProps {
  label: string;
  value: string;
  muted?: boolean;
  action: string;
  onEdit: () => void;
}

function EditRow({ label, value, muted = false, action, onEdit }: EditRowProps) {
  return (
    <div className={styles.row}>
      <div className={styles.rowText}>
        <h2 className={styles.rowLabel}>{label}</h2>
        <p className={muted ? styles.rowMuted : styles.rowValue}>{value}</p>
      </div>
      <Button variant="secondary" size="sm" onClick={onEdit}>
        <Pencil aria-hidden="true" size={16} />
        {action}
      </Button>
    </div>
  );
}

/** /profile/edit (docs/product/profiles.md#profile-edit): photo, display name and bio, each saved on its own. */
export function ProfileEditPage({ viewer }: { viewer: Viewer }) {
  const [editing, setEditing] = useState<'name' | 'bio' | null>(null);
  const openOrClose = (which: 'name' | 'bio') => (open: boolean) => setEditing(open ? which : null);
  return (
    <div className={styles.page}>
      <ChangePhoto viewer={viewer} />
      <div className={styles.rows}>
        <EditRow
          label="Display name"
          value={`${viewer.firstName} ${viewer.lastName}`}
          action={EDIT_NAME_TITLE}
          onEdit={() => setEditing('name')}
        />
        <EditRow
          label="Bio"
          value={viewer.bio || NO_BIO}
          muted={!viewer.bio}
          action={EDIT_BIO_TITLE}
          onEdit={() => setEditing('bio')}
        />
      </div>
      <ButtonLink to={paths.profile.getHref(viewer.username)} variant="secondary">
        View profile
      </ButtonLink>
      <EditNameModal viewer={viewer} open={editing === 'name'} onOpenChange={openOrClose('name')} />
      <EditBioModal viewer={viewer} open={editing === 'bio'} onOpenChange={openOrClose('bio')} />
    </div>
  );
}
