import { describe, expect, it } from 'vitest';
import { UNSPECIFIED_MESSAGES, VALIDATION_MESSAGES } from './messages.ts';
import {
  BIRTH_YEARS,
  ChangePasswordBodySchema,
  ReportBodySchema,
  UpdateBirthDateBodySchema,
  UpdateGenderBodySchema,
  UpdateNameBodySchema,
} from './profiles.ts';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('change password form', () => {
  const base = { currentPassword: 'secret123', newPassword: 'another1', repeatPassword: 'another1' };
  it.each([
    [{}, VALIDATION_MESSAGES.currentPasswordRequired],
    [{ ...base, currentPassword: '' }, VALIDATION_MESSAGES.currentPasswordRequired],
    [{ ...base, newPassword: '' }, VALIDATION_MESSAGES.newPasswordRequired],
    [{ ...base, repeatPassword: '' }, VALIDATION_MESSAGES.repeatPasswordRequired],
    [{ ...base, repeatPassword: 'another2' }, VALIDATION_MESSAGES.passwordsDoNotMatch],
    [{ ...base, newPassword: 'abcde', repeatPassword: 'abcde' }, VALIDATION_MESSAGES.newPasswordTooShort],
    [{ ...base, newPassword: 'a'.repeat(31), repeatPassword: 'a'.repeat(31) }, UNSPECIFIED_MESSAGES.passwordTooLong],
  ])('%j → %s', (body, message) => {
    expect(firstMessage(ChangePasswordBodySchema.safeParse(body))).toBe(message);
  });

  it('accepts 6 to 30 characters, spaces included', () => {
    expect(
      ChangePasswordBodySchema.safeParse({ ...base, newPassword: ' 6 ch ', repeatPassword: ' 6 ch ' }).success,
    ).toBe(true);
    const thirty = 'p'.repeat(30);
    expect(ChangePasswordBodySchema.safeParse({ ...base, newPassword: thirty, repeatPassword: thirty }).success).toBe(
      true,
    );
  });
});

describe('birth date form', () => {
  it('offers years 2021 down to 1970', () => {
    expect(BIRTH_YEARS[0]).toBe(2021);
    expect(BIRTH_YEARS.at(-1)).toBe(1970);
    expect(BIRTH_YEARS).toHaveLength(52);
  });

  it('takes select values (strings) or numbers; anything else is "Please fill in all the fields"', () => {
    expect(UpdateBirthDateBodySchema.parse({ month: '1', day: '31', year: '1970' })).toEqual({
      month: 1,
      day: 31,
      year: 1970,
    });
    for (const body of [
      {},
      { month: '', day: '1', year: '2000' },
      { month: 1, day: 32, year: 2000 },
      { month: 1, day: 1, year: 2022 },
      { month: 1, day: 1, year: 1969 },
      { month: -1, day: 1, year: 2000 },
      { month: '1e1', day: 1, year: 2000 },
      { month: null, day: 1, year: 2000 },
    ]) {
      expect(firstMessage(UpdateBirthDateBodySchema.safeParse(body))).toBe(VALIDATION_MESSAGES.birthDateIncomplete);
    }
  });

  it("refuses a day the month does not have: 'That date doesn't exist.' (docs/decisions/030-feed-ads-and-rough-edges.md)", () => {
    for (const [month, day, year] of [
      [2, 31, 2001],
      [2, 30, 2000],
      [2, 29, 2001],
      [4, 31, 2010],
      [6, 31, 1999],
      [9, 31, 1980],
      [11, 31, 1970],
    ]) {
      const result = UpdateBirthDateBodySchema.safeParse({
        month: String(month),
        day: String(day),
        year: String(year),
      });
      expect(result.success, `${month}/${day}/${year}`).toBe(false);
      expect(result.error?.issues).toEqual([
        expect.objectContaining({ path: ['day'], message: "That date doesn't exist." }),
      ]);
    }
    // The last day of each month, leap days of leap years (2000, 2020) included, pass.
    for (const [month, day, year] of [
      [2, 29, 2000],
      [2, 29, 2020],
      [2, 28, 2001],
      [1, 31, 2001],
      [4, 30, 2010],
      [12, 31, 2021],
    ]) {
      expect(UpdateBirthDateBodySchema.safeParse({ month, day, year }).success, `${month}/${day}/${year}`).toBe(true);
    }
  });
});

describe('gender, names, report', () => {
  it('gender must be one of the three', () => {
    expect(UpdateGenderBodySchema.safeParse({ gender: 'other' }).success).toBe(true);
    expect(firstMessage(UpdateGenderBodySchema.safeParse({}))).toBe(VALIDATION_MESSAGES.genderRequired);
    expect(firstMessage(UpdateGenderBodySchema.safeParse({ gender: 'MALE' }))).toBe(VALIDATION_MESSAGES.genderRequired);
  });

  it('names are trimmed, required and at most 20 code points each', () => {
    expect(UpdateNameBodySchema.parse({ firstName: ' Zoë ', lastName: 'Ñ'.repeat(20) })).toEqual({
      firstName: 'Zoë',
      lastName: 'Ñ'.repeat(20),
    });
    expect(firstMessage(UpdateNameBodySchema.safeParse({ firstName: 'Al', lastName: '' }))).toBe(
      VALIDATION_MESSAGES.nameRequired,
    );
    expect(UpdateNameBodySchema.safeParse({ firstName: 'a'.repeat(21), lastName: 'Bo' }).success).toBe(false);
  });

  it('names follow the registration rule, with its messages (one name rule)', () => {
    const messageFor = (firstName: string) =>
      firstMessage(UpdateNameBodySchema.safeParse({ firstName, lastName: 'Lee' }));
    for (const hostile of [
      '<img src=x>',
      'R2D2',
      '2024',
      '\u200b\u200b',
      '\u3164\u3164',
      'a\u0000b',
      "''",
      'Mary  Ann',
      '😀😀',
    ]) {
      expect([hostile, messageFor(hostile)]).toEqual([hostile, VALIDATION_MESSAGES.nameCharactersInvalid]);
    }
    expect(messageFor('A')).toBe(VALIDATION_MESSAGES.nameInvalid);
    for (const fine of ["O'Neal", 'O’Brien', 'Mary Ann', 'José', '李小龙']) expect(messageFor(fine)).toBeUndefined();
  });

  it('a report reason is optional, at most 500, line breaks allowed, other control characters not', () => {
    expect(ReportBodySchema.safeParse({}).success).toBe(true);
    expect(ReportBodySchema.safeParse({ reason: 'a\nb\tc' }).success).toBe(true);
    expect(ReportBodySchema.safeParse({ reason: 'a'.repeat(501) }).success).toBe(false);
    expect(ReportBodySchema.safeParse({ reason: 'a\u0000' }).success).toBe(false);
  });
});
