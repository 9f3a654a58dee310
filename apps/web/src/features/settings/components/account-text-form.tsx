import { type AccountSettings, SETTINGS_MESSAGES } from '@campus/contract';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { SaveButton } from '@/components/ui/save-button.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { type FieldSchema, useForm } from '@/lib/use-form.ts';
import { type AccountField, useUpdateAccountField } from '../api/account.ts';
import styles from './account.module.css';

interface AccountTextFormProps {
  field: Extract<AccountField, 'username' | 'phone'>;
  label: string;
  /** The saved value: Save stays disabled while the field equals it (docs/product/profiles.md#profile-rules). */
  current: string;
  schema: FieldSchema;
  maxLength: number;
  inputMode?: 'text' | 'tel';
  autoComplete: string;
}

/** A one-field account form (username, phone): the contract's messages, then the server's. */
export function AccountTextForm({
  field,
  label,
  current,
  schema,
  maxLength,
  inputMode = 'text',
  autoComplete,
}: AccountTextFormProps) {
  const { showAlert } = useAlert();
  const navigate = useNavigate();
  const save = useUpdateAccountField(field);
  // The username is required: an emptied field says so on leaving it or on Save ('Username is
  // required.', docs/decisions/030-feed-ads-and-rough-edges.md). The phone may be left empty: there Save waits for a number.
  const required = field === 'username';
  const form = useForm({
    initial: { value: current },
    schemas: { value: schema },
    afterError: 'clear',
    validateOnBlur: required,
  });
  const value = form.values.value.trim();
  const unchanged = value === current || (!required && value === '');

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (unchanged || save.isPending || !form.validate()) return;
    save.mutate(
      { [field]: value },
      {
        onSuccess: (_account: AccountSettings) => {
          showAlert(SETTINGS_MESSAGES.profileUpdated);
          navigate(paths.settings.account.getHref());
        },
        onError: (error) => {
          // The server answers with the spec's words ('That username has been taken.').
          if (error instanceof ApiError && error.status < 500) form.setError('value', error.message);
          else showAlert(SETTINGS_MESSAGES.somethingWentWrong, { type: 'danger' });
          form.focus('value');
        },
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={handleSubmit} noValidate>
      <TextField
        label={label}
        maxLength={maxLength}
        inputMode={inputMode}
        type={inputMode === 'tel' ? 'tel' : 'text'}
        autoComplete={autoComplete}
        autoCapitalize="off"
        spellCheck={false}
        {...form.field('value')}
      />
      <SaveButton pending={save.isPending} disabled={unchanged} />
    </form>
  );
}
