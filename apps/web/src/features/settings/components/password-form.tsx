import { ChangePasswordBodySchema, LIMITS, SETTINGS_MESSAGES } from '@campus/contract';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { SaveButton } from '@/components/ui/save-button.tsx';
import { PasswordField } from '@/components/ui/text-field.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useForm } from '@/lib/use-form.ts';
import { useChangePassword } from '../api/change-password.ts';
import styles from './account.module.css';

type Field = 'currentPassword' | 'newPassword' | 'repeatPassword';
const shape = ChangePasswordBodySchema.shape;
const schemas = {
  currentPassword: shape.currentPassword,
  newPassword: shape.newPassword,
  repeatPassword: shape.repeatPassword,
};

/**
 * Change password (docs/product/profiles.md#password-change-rules): each field's own message ('Current password required', 'Please
 * enter a new password', 'Must re-enter new password') on Save or on leaving it empty, then 'Passwords do not match' and
 * 'Passwords must be 6+ characters' (the contract's whole-form check, on the field it names),
 * then the server's 'Invalid password.' for a wrong current one.
 */
export function PasswordForm() {
  const { showAlert } = useAlert();
  const navigate = useNavigate();
  const change = useChangePassword();
  const form = useForm<Field>({
    initial: { currentPassword: '', newPassword: '', repeatPassword: '' },
    schemas,
    afterError: 'clear',
    // Each empty field says what it needs on leaving it, as on Save (docs/decisions/030-feed-ads-and-rough-edges.md).
    validateOnBlur: true,
  });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending || !form.validate()) return;
    const whole = ChangePasswordBodySchema.safeParse(form.values);
    if (!whole.success) {
      const issue = whole.error.issues[0];
      const field = (issue?.path[0] as Field | undefined) ?? 'newPassword';
      form.setError(field, issue?.message ?? SETTINGS_MESSAGES.somethingWentWrong);
      form.focus(field);
      return;
    }
    change.mutate(whole.data, {
      onSuccess: () => {
        showAlert(SETTINGS_MESSAGES.accountUpdated);
        navigate(paths.settings.account.getHref());
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'INVALID_PASSWORD') {
          form.setError('currentPassword', error.message);
          form.focus('currentPassword');
        } else {
          showAlert(
            error instanceof ApiError && error.status < 500 ? error.message : SETTINGS_MESSAGES.somethingWentWrong,
            {
              type: 'danger',
            },
          );
        }
      },
    });
  };

  return (
    <form className={styles.form} onSubmit={handleSubmit} noValidate>
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        maxLength={LIMITS.passwordMax}
        {...form.field('currentPassword')}
      />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        maxLength={LIMITS.passwordMax}
        {...form.field('newPassword')}
      />
      <PasswordField
        label="Repeat new password"
        autoComplete="new-password"
        maxLength={LIMITS.passwordMax}
        {...form.field('repeatPassword')}
      />
      <SaveButton pending={change.isPending} />
    </form>
  );
}
