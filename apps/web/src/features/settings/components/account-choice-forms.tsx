import {
  type AccountSettings,
  BIRTH_YEARS,
  GENDERS,
  SETTINGS_MESSAGES,
  UpdateBirthDateBodySchema,
  UpdateGenderBodySchema,
} from '@campus/contract';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { SaveButton } from '@/components/ui/save-button.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { fieldError } from '@/lib/use-form.ts';
import { type AccountField, useUpdateAccountField } from '../api/account.ts';
import styles from './account.module.css';
import { GENDER_LABELS, monthName } from './account-rows.tsx';

const DAYS = Array.from({ length: 31 }, (_, i) => i + 1);
const MONTH_NUMBERS = Array.from({ length: 12 }, (_, i) => i + 1);

/** Submitting a choice form: the contract's message first, then the server's. */
function useChoiceSubmit(field: AccountField) {
  const { showAlert } = useAlert();
  const navigate = useNavigate();
  const save = useUpdateAccountField(field);
  const [error, setError] = useState<string | null>(null);
  const submit = (body: unknown, schemaError: string | null) => {
    setError(schemaError);
    if (schemaError || save.isPending) return;
    save.mutate(body, {
      onSuccess: () => {
        showAlert(SETTINGS_MESSAGES.profileUpdated);
        navigate(paths.settings.account.getHref());
      },
      onError: (failure) =>
        failure instanceof ApiError && failure.status < 500
          ? setError(failure.message)
          : showAlert(SETTINGS_MESSAGES.somethingWentWrong, { type: 'danger' }),
    });
  };
  return { submit, error, setError, pending: save.isPending };
}

function Select({
  label,
  value,
  onChange,
  invalid,
  describedBy,
  onBlur,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  invalid: boolean;
  describedBy?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className={styles.selectField}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className={styles.select}
        value={value}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      >
        {children}
      </select>
    </div>
  );
}

/** Gender (docs/product/profiles.md#gender-rules): 'Must select a gender'. */
export function GenderForm({ account }: { account: AccountSettings }) {
  const [gender, setGender] = useState<string>(account.gender ?? '');
  const { submit, error, setError, pending } = useChoiceSubmit('gender');
  const errorId = useId();
  // Nothing chosen is never 'unchanged': Save then says 'Must select a gender' (docs/decisions/030-feed-ads-and-rough-edges.md).
  const unchanged = gender !== '' && gender === account.gender;
  const check = (value: string) => fieldError(UpdateGenderBodySchema.shape.gender, value);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (unchanged) return;
    submit({ gender }, check(gender));
  };
  return (
    <form className={styles.form} onSubmit={handleSubmit} noValidate>
      <Select
        label="Gender"
        value={gender}
        onChange={(value) => {
          setGender(value);
          if (value !== '') setError(null);
        }}
        onBlur={() => setError(gender === '' ? check(gender) : null)}
        invalid={!!error}
        describedBy={error ? errorId : undefined}
      >
        <option value="">Select…</option>
        {GENDERS.map((g) => (
          <option key={g} value={g}>
            {GENDER_LABELS[g]}
          </option>
        ))}
      </Select>
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
      <SaveButton pending={pending} disabled={unchanged} />
    </form>
  );
}

/**
 * Birth date (docs/product/profiles.md#birth-date-rules): month, day 1–31, year 2021 down to 1970; 'Please fill in all the
 * fields', and "That date doesn't exist." for a day the month lacks (docs/decisions/030-feed-ads-and-rough-edges.md).
 */
export function BirthDateForm({ account }: { account: AccountSettings }) {
  const saved = account.birthDate;
  const [month, setMonth] = useState(saved ? String(saved.month) : '');
  const [day, setDay] = useState(saved ? String(saved.day) : '');
  const [year, setYear] = useState(saved ? String(saved.year) : '');
  const { submit, error, pending } = useChoiceSubmit('birth-date');
  const errorId = useId();
  // With nothing saved, Save says 'Please fill in all the fields' rather than staying disabled.
  const unchanged =
    saved !== null && month === String(saved.month) && day === String(saved.day) && year === String(saved.year);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (unchanged) return;
    const body = { month, day, year };
    submit(body, fieldError(UpdateBirthDateBodySchema, body));
  };
  const describedBy = error ? errorId : undefined;
  return (
    <form className={styles.form} onSubmit={handleSubmit} noValidate>
      <div className={styles.selects}>
        <Select label="Month" value={month} onChange={setMonth} invalid={!!error} describedBy={describedBy}>
          <option value="">Month</option>
          {MONTH_NUMBERS.map((m) => (
            <option key={m} value={m}>
              {monthName(m)}
            </option>
          ))}
        </Select>
        <Select label="Day" value={day} onChange={setDay} invalid={!!error} describedBy={describedBy}>
          <option value="">Day</option>
          {DAYS.map((d) => (
            <option key={d} value={d}>
              {d}
            </option>
          ))}
        </Select>
        <Select label="Year" value={year} onChange={setYear} invalid={!!error} describedBy={describedBy}>
          <option value="">Year</option>
          {BIRTH_YEARS.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </Select>
      </div>
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
      <SaveButton pending={pending} disabled={unchanged} />
    </form>
  );
}
