import { LIMITS, PROFILE_MESSAGES, UpdateNameBodySchema, type Viewer } from '@campus/contract';
import type { FormEvent } from 'react';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { SaveButton } from '@/components/ui/save-button.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useForm } from '@/lib/use-form.ts';
import { useUpdateName } from '../api/update-name.ts';
import { EditModal, type EditModalProps } from './edit-modal.tsx';
import styles from './profile-edit.module.css';

export const EDIT_NAME_TITLE = 'Edit Display Name';

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
      <SaveButton pending={save.isPending} disabled={unchanged} />
    </form>
  );
}

/** Edit Display Name (docs/product/profiles.md#profile-edit): first and last name, at most 20 each. */
export function EditNameModal({ viewer, ...modal }: EditModalProps & { viewer: Viewer }) {
  return (
    <EditModal title={EDIT_NAME_TITLE} {...modal}>
      {(close) => <NameForm viewer={viewer} onDone={close} />}
    </EditModal>
  );
}
