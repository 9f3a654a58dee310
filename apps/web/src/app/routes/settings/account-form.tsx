import { paths } from '@/config/paths.ts';
import {
  ACCOUNT_FORM_TITLES,
  type AccountFormKind,
  AccountFormPage,
} from '@/features/settings/components/account-form-page.tsx';
import { TitleHeader } from '../../layout/headers/title-header.tsx';

/** /settings/account/{screen_name|phone|gender|birth_date}: one account form, back to the rows. */
function AccountForm({ kind }: { kind: AccountFormKind }) {
  return (
    <section>
      <TitleHeader title={ACCOUNT_FORM_TITLES[kind]} back={{ to: paths.settings.account.getHref() }} />
      <AccountFormPage kind={kind} />
    </section>
  );
}

export const UsernameForm = () => <AccountForm kind="username" />;
export const PasswordForm = () => <AccountForm kind="password" />;
export const EmailForm = () => <AccountForm kind="email" />;
export const PhoneForm = () => <AccountForm kind="phone" />;
export const GenderForm = () => <AccountForm kind="gender" />;
export const BirthDateForm = () => <AccountForm kind="birthDate" />;
