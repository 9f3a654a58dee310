import { EmailSchema, RegistrationPasswordSchema } from '@campus/contract';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TextField } from '@/components/ui/text-field.tsx';
import { fieldError, type UseFormOptions, useForm } from './use-form.ts';

type Fields = 'email' | 'password';
const SCHEMAS = { email: EmailSchema, password: RegistrationPasswordSchema };

let form: ReturnType<typeof useForm<Fields>>;

function Form(options: Partial<UseFormOptions<Fields>>) {
  form = useForm<Fields>({ initial: { email: '', password: '' }, schemas: SCHEMAS, ...options });
  return (
    <form>
      <TextField {...form.field('email')} label="Email" />
      <TextField {...form.field('password')} label="Password" />
    </form>
  );
}

const emailMessage = fieldError(EmailSchema, '');
// Typing fires 'input', which React's onChange listens to.
const type = (label: string, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });

afterEach(cleanup);

describe('useForm (one form approach, the contract schemas as rules)', () => {
  it('gives the schema messages under the fields and focuses the first wrong one', () => {
    render(<Form />);
    let ok = true;
    act(() => {
      ok = form.validate();
    });
    expect(ok).toBe(false);
    expect(emailMessage).toBeTruthy();
    expect(screen.getByText(emailMessage as string)).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
  });

  it('passes valid values and checks only the fields asked for', () => {
    render(<Form />);
    type('Email', 'jamie@example.edu');
    let ok = false;
    act(() => {
      ok = form.validate(['email']);
    });
    expect(ok).toBe(true);
    expect(form.errors.password).toBeUndefined();
  });

  it("'revalidate' lets a shown message follow the typing; 'clear' drops it; 'keep' keeps it", () => {
    for (const afterError of ['revalidate', 'clear', 'keep'] as const) {
      render(<Form afterError={afterError} />);
      act(() => void form.validate(['email']));
      type('Email', 'still-wrong');
      const shown = form.errors.email;
      if (afterError === 'clear') expect(shown).toBeNull();
      else if (afterError === 'keep') expect(shown).toBe(emailMessage);
      else expect(shown).toBe(fieldError(EmailSchema, 'still-wrong'));
      type('Email', 'jamie@example.edu');
      if (afterError === 'revalidate') expect(form.errors.email).toBeNull();
      cleanup();
    }
  });

  it('checks a field when it is left only with validateOnBlur', () => {
    render(<Form validateOnBlur />);
    fireEvent.blur(screen.getByLabelText('Email'));
    expect(form.errors.email).toBe(emailMessage);
    cleanup();
    render(<Form />);
    fireEvent.blur(screen.getByLabelText('Email'));
    expect(form.errors.email).toBeUndefined();
  });
});
