import { type AccountSettings, SETTINGS_MESSAGES } from '@campus/contract';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { ErrorState } from '@/components/ui/list-states.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/config/paths.ts';
import { useAccountQuery } from '../api/account.ts';
import styles from './account.module.css';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const createdFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });

export const GENDER_LABELS = { male: 'Male', female: 'Female', other: 'Other' } as const;

export function monthName(month: number): string {
  return MONTHS[month - 1] ?? '';
}

interface Row {
  label: string;
  value: string;
  /** The row's form; absent for read-only rows. */
  to?: string;
  muted?: boolean;
}

function rowsOf(account: AccountSettings): Row[] {
  const birth = account.birthDate;
  return [
    { label: 'Username', value: `@${account.username}`, to: paths.settings.screenName.getHref() },
    {
      label: 'Password',
      value: SETTINGS_MESSAGES.passwordNotAvailable,
      muted: true,
      // Accounts made with Google have no password to change.
      to: account.hasPassword ? paths.settings.password.getHref() : undefined,
    },
    { label: 'Email', value: account.email, to: paths.settings.email.getHref() },
    {
      label: 'Phone',
      value: account.phone ?? SETTINGS_MESSAGES.clickToAdd,
      muted: !account.phone,
      to: paths.settings.phone.getHref(),
    },
    {
      label: 'School Email',
      value: account.schoolEmail ?? SETTINGS_MESSAGES.joinYourCampus,
      muted: !account.schoolEmail,
      to: paths.settings.schoolEmail.getHref(),
    },
    { label: 'Verified', value: account.schoolVerified ? SETTINGS_MESSAGES.yes : SETTINGS_MESSAGES.no },
    { label: 'Account created', value: createdFormat.format(new Date(account.createdAt)) },
    {
      label: 'Gender',
      value: account.gender ? GENDER_LABELS[account.gender] : SETTINGS_MESSAGES.none,
      muted: !account.gender,
      to: paths.settings.gender.getHref(),
    },
    {
      label: 'Birth date',
      value: birth ? `${monthName(birth.month)} ${birth.day}, ${birth.year}` : SETTINGS_MESSAGES.none,
      muted: !birth,
      to: paths.settings.birthDate.getHref(),
    },
  ];
}

function RowContent({ row }: { row: Row }) {
  return (
    <>
      <span className={styles.rowText}>
        <span className={styles.rowLabel}>{row.label}</span>
        <span className={row.muted ? styles.rowMuted : styles.rowValue}>{row.value}</span>
      </span>
      {row.to && <ChevronRight className={styles.chevron} aria-hidden="true" size={20} />}
    </>
  );
}

/** Settings > Account (docs/product/profiles.md#account-rows): the rows exactly as listed, each editable one a link to its form. */
export function AccountRows() {
  const account = useAccountQuery();
  if (account.isPending) {
    return (
      <div className={styles.rows} aria-busy="true">
        <p className="visually-hidden" role="status">
          Loading…
        </p>
        {Array.from({ length: 9 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
          <div key={i} className={styles.row}>
            <Skeleton width="40%" height={32} />
          </div>
        ))}
      </div>
    );
  }
  if (account.isError) {
    return (
      <ErrorState
        body="We couldn’t load your account. Check your connection and try again."
        onRetry={() => void account.refetch()}
        retrying={account.isFetching}
      />
    );
  }
  return (
    <ul className={styles.rows}>
      {rowsOf(account.data).map((row) => (
        <li key={row.label}>
          {row.to ? (
            <Link className={`${styles.row} ${styles.rowLink}`} to={row.to}>
              <RowContent row={row} />
            </Link>
          ) : (
            <div className={styles.row}>
              <RowContent row={row} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
