import { LIMITS, PROFILE_MESSAGES, UpdateNameBodySchema, type Viewer } from '@campus/contract';
import type { FormEvent } from 'react';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useForm } from '@/lib/use-form.ts';
import { useUpdateName } from '../api/update-name.ts';
import styles from './profile-edit.module.css';

export const EDIT_NAME_TITLE = 'Edit Display Name';
const SAVE = 'Save';
const SAVING = 'Saving...';

const schemas = { firstName: UpdateNameBodySchema.shape.firstName, lastName: UpdateNameBodySchema.shape.lastName };

function NameForm({ viewer, onDone }: { viewer: Viewer; onDone: () => void }) {
  const { showAlert } = useAlert();
  const save = useUpdateName();
  const form = useForm({ initial: { firstName: viewer.firstName, lastName: viewer.lastName }, schemas });
  const unchanged =
    form.values.firstName.trim() === viewer.firstName && form.values.lastName.trim() === viewer.lastName;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (unchanged || save.isPending || !form.validate()) return;
    save.mutate(
      { firstName: form.values.firstName.trim(), lastName: form.values.lastName.trim() },
      {
        onSuccess: () => {
          showAlert(PROFILE_MESSAGES.profileUpdated);
          onDone();
        },
        onError: (error) => showAlert(error instanceof ApiError ? error.message : String(error), { type: 'danger' }),
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={handleSubmit} noValidate>
      <TextField label="First name" autoComplete="given-name" maxLength={LIMITS.nameMax} {...form.field('firstName')} />
      <TextField label="Last name" autoComplete="family-name" maxLength={LIMITS.nameMax} {...form.field('lastName')} />
      <Button type="submit" size="lg" block disabled={unchanged || save.isPending}>
        {save.isPending ? SAVING : SAVE}
      </Button>
    </form>
  );
}

/** Edit Display Name (spec 2 §2 'Profile edit'): first and last name, at most 20 each. */
export function EditNameModal({
  viewer,
  open,
  onOpenChange,
}: {
  viewer: Viewer;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={EDIT_NAME_TITLE} size="sm">
      {/* Mounted only while open: every opening starts from the saved name. */}
      {open && <NameForm viewer={viewer} onDone={() => onOpenChange(false)} />}
    </Modal>
  );
}
