import { type AccountSettings, LIMITS, PhoneSchema, UsernameSchema } from '@campus/contract';
import { ErrorState } from '@/components/ui/list-states.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useAccountQuery } from '../api/account.ts';
import styles from './account.module.css';
import { BirthDateForm, GenderForm } from './account-choice-forms.tsx';
import { AccountTextForm } from './account-text-form.tsx';
import { EmailChangeForm } from './email-change.tsx';
import { PasswordForm } from './password-form.tsx';

export type AccountFormKind = 'username' | 'password' | 'email' | 'phone' | 'gender' | 'birthDate';

/** The title of each form page (the row's name). */
export const ACCOUNT_FORM_TITLES: Record<AccountFormKind, string> = {
  username: 'Username',
  password: 'Password',
  email: 'Email',
  phone: 'Phone',
  gender: 'Gender',
  birthDate: 'Birth date',
};

function FormOf({ kind, account }: { kind: AccountFormKind; account: AccountSettings }) {
  switch (kind) {
    case 'username':
      return (
        <AccountTextForm
          field="username"
          label="Username"
          current={account.username}
          schema={UsernameSchema}
          maxLength={LIMITS.usernameMax}
          autoComplete="username"
        />
      );
    case 'phone':
      return (
        <AccountTextForm
          field="phone"
          label="Phone"
          current={account.phone ?? ''}
          schema={PhoneSchema}
          maxLength={LIMITS.phoneInputMax}
          inputMode="tel"
          autoComplete="tel"
        />
      );
    case 'email':
      return <EmailChangeForm currentEmail={account.email} />;
    case 'password':
      return <PasswordForm />;
    case 'gender':
      return <GenderForm account={account} />;
    case 'birthDate':
      return <BirthDateForm account={account} />;
  }
}

/** One account form under Settings > Account, once the saved values are known. */
export function AccountFormPage({ kind }: { kind: AccountFormKind }) {
  const account = useAccountQuery();
  return (
    <div className={styles.body}>
      {account.isPending ? (
        <div aria-busy="true">
          <p className="visually-hidden" role="status">
            Loading…
          </p>
          <Skeleton height={48} />
        </div>
      ) : account.isError ? (
        <ErrorState
          body="We couldn’t load your account. Check your connection and try again."
          onRetry={() => void account.refetch()}
          retrying={account.isFetching}
        />
      ) : (
        <FormOf kind={kind} account={account.data} />
      )}
    </div>
  );
}
