import { type ChangeEvent, useCallback, useRef, useState } from 'react';

/**
 * What the contract's Zod schemas offer, typed structurally (the web app does not depend on
 * zod itself): the form checks a field with the same schema the server uses, so both give the
 * spec's message word for word.
 */
export interface FieldSchema {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: ReadonlyArray<{ message: string }> } };
}

/** The first message a contract schema gives for a value, or null when the value passes. */
export function fieldError(schema: FieldSchema, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

type Values<F extends string> = Record<F, string>;
type Errors<F extends string> = Partial<Record<F, string | null>>;

export interface UseFormOptions<F extends string> {
  /** The fields and their first values (e.g. an email from the address). */
  initial: Values<F> | (() => Values<F>);
  /** The contract schema of each checked field; fields without one are never wrong. */
  schemas: Partial<Record<F, FieldSchema>>;
  /**
   * What typing does to a field that shows an error: 'revalidate' (the message follows the
   * typing), 'clear' (it goes away until the next submit) or 'keep' (it stays until then).
   */
  afterError?: 'revalidate' | 'clear' | 'keep';
  /** Check a field when the person leaves it (forms whose button waits until all is filled). */
  validateOnBlur?: boolean;
}

/** What one input needs: spread onto a TextField / PasswordField (`{...form.field('email')}`). */
export interface FieldProps {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur?: () => void;
  ref: (element: HTMLInputElement | null) => void;
  error: string | null | undefined;
}

/**
 * The one form approach of the web app (docs/architecture.md#layers-and-module-faces): values, the contract schemas'
 * messages under the fields, and focus on the first wrong field on submit. Submitting and
 * pending states stay with the caller's mutation; `validate` says whether to go ahead.
 */
export function useForm<F extends string>({
  initial,
  schemas,
  afterError = 'revalidate',
  validateOnBlur = false,
}: UseFormOptions<F>) {
  const [values, setValues] = useState<Values<F>>(initial);
  const [errors, setErrors] = useState<Errors<F>>({});
  const elements = useRef<Partial<Record<F, HTMLInputElement | null>>>({});

  const check = useCallback(
    (field: F, value: string): string | null => {
      const schema = schemas[field];
      return schema ? fieldError(schema, value) : null;
    },
    [schemas],
  );

  const setValue = useCallback((field: F, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
  }, []);

  const setError = useCallback((field: F, error: string | null) => {
    setErrors((current) => ({ ...current, [field]: error }));
  }, []);

  const clearErrors = useCallback(() => setErrors({}), []);

  const focus = useCallback((field: F) => elements.current[field]?.focus(), []);

  /** Checks the given fields (all checked ones by default); focuses the first wrong one. */
  const validate = (fields: readonly F[] = Object.keys(schemas) as F[]): boolean => {
    const next: Errors<F> = { ...errors };
    for (const field of fields) next[field] = check(field, values[field]);
    setErrors(next);
    const firstWrong = fields.find((field) => next[field]);
    if (firstWrong) focus(firstWrong);
    return firstWrong === undefined;
  };

  const field = (name: F): FieldProps => ({
    name,
    value: values[name],
    onChange: (event) => {
      const value = event.target.value;
      setValue(name, value);
      if (!errors[name] || afterError === 'keep') return;
      setError(name, afterError === 'clear' ? null : check(name, value));
    },
    ...(validateOnBlur ? { onBlur: () => setError(name, check(name, values[name])) } : {}),
    ref: (element) => {
      elements.current[name] = element;
    },
    error: errors[name],
  });

  /** The value without surrounding spaces is not empty. */
  const filled = (name: F): boolean => values[name].trim() !== '';

  return { values, errors, field, validate, setValue, setError, clearErrors, focus, filled };
}
