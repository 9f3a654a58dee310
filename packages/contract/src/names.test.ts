import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  BioSchema,
  baseUsername,
  EmailSchema,
  newEmailSchema,
  nextUsername,
  PasswordSchema,
  PhoneSchema,
  parseDisplayName,
  RegistrationNameSchema,
  RegistrationPasswordSchema,
  schoolEmailSchema,
  UsernameSchema,
  VerificationCodeSchema,
} from './names.ts';

/** All messages of a failed parse, in order; [] when the value is accepted. */
const messagesOf = (schema: z.ZodType, value: unknown): string[] => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('parseDisplayName', () => {
  it.each([
    ['john.doe', { first_name: 'john', middle_name: '', last_name: 'doe' }],
    ['Mary-Jane Watson 3rd', { first_name: 'Mary', middle_name: 'Jane', last_name: 'Watson' }],
    ['Jean Luc Picard', { first_name: 'Jean', middle_name: 'Luc', last_name: 'Picard' }],
    ['Doe, John', { first_name: 'Doe', middle_name: '', last_name: 'John' }],
    ['x123', { first_name: 'anonymous', middle_name: '', last_name: 'user' }],
    ['', { first_name: 'anonymous', middle_name: '', last_name: 'user' }],
    [' .-, ', { first_name: 'anonymous', middle_name: '', last_name: 'user' }],
    ['Cher', { first_name: 'Cher', middle_name: '', last_name: 'user' }],
    ['R2D2 Luke  Sky.Walker', { first_name: 'Luke', middle_name: 'Sky', last_name: 'Walker' }],
  ])('%j', (display, expected) => {
    expect(parseDisplayName(display)).toEqual(expected);
  });

  it('clips first and last names to the stored 20 characters', () => {
    const parsed = parseDisplayName('Maximilianalexanderson Wolfeschlegelsteinhausen');
    expect(parsed.first_name).toBe('Maximilianalexanders');
    expect(parsed.last_name).toBe('Wolfeschlegelsteinha');
  });

  it('never yields empty names, separators or digits', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (display) => {
        const { first_name, middle_name, last_name } = parseDisplayName(display);
        for (const name of [first_name, last_name]) {
          expect(name.length).toBeGreaterThan(0);
          expect([...name].length).toBeLessThanOrEqual(20);
          expect(name).not.toMatch(/[\s.,\-\p{Nd}]/u);
        }
        expect(middle_name).not.toMatch(/[.,\-\p{Nd}]/u);
      }),
    );
  });
});

describe('usernames', () => {
  it('joins, lower-cases and strips the names', () => {
    expect(baseUsername('John', 'Doe')).toBe('johndoe');
    expect(baseUsername("D'Arcy", 'Smith-Jones')).toBe('darcysmithjones');
    expect(baseUsername('José', 'Núñez')).toBe('josenunez');
    expect(baseUsername('李', '小龍')).toBe('user');
    expect(baseUsername('', '')).toBe('user');
  });

  it('appends -2, -3 … on a clash', () => {
    const taken = new Set(['johndoe', 'johndoe-2']);
    expect(nextUsername('johndoe', (c) => taken.has(c))).toBe('johndoe-3');
    expect(nextUsername('janedoe', (c) => taken.has(c))).toBe('janedoe');
    expect(nextUsername('johndoe', (c) => c === 'johndoe')).toBe('johndoe-2');
  });

  it('treats route names as taken', () => {
    expect(nextUsername(baseUsername('Ho', 'Me'), () => false)).toBe('home-2');
  });

  it('stays within 50 characters with a suffix', () => {
    const base = baseUsername('a'.repeat(40), 'b'.repeat(40));
    expect(base).toHaveLength(50);
    const next = nextUsername(base, (c) => c === base);
    expect(next).toBe(`${'a'.repeat(40)}${'b'.repeat(8)}-2`);
  });

  it('gives a free, lowercase alphanumeric name with an optional -n suffix', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme' }),
        fc.string({ unit: 'grapheme' }),
        fc.nat({ max: 30 }),
        (first, last, clashes) => {
          const base = baseUsername(first, last);
          expect(base).toMatch(/^[a-z0-9]{1,50}$/);
          // Taken: the base and its first few suffixes.
          const taken = new Set([base, ...Array.from({ length: clashes }, (_, i) => `${base}-${i + 2}`)]);
          const name = nextUsername(base, (c) => taken.has(c));
          expect(taken.has(name)).toBe(false);
          expect(name).toMatch(/^[a-z0-9]+-[0-9]+$/);
          expect(name.length).toBeLessThanOrEqual(50);
          expect(name.endsWith(`-${clashes + 2}`)).toBe(true);
        },
      ),
    );
  });
});

describe('EmailSchema', () => {
  it('uses the spec messages', () => {
    expect(messagesOf(EmailSchema, undefined)).toEqual(['Email is required.']);
    expect(messagesOf(EmailSchema, '   ')).toEqual(['Email is required.']);
    for (const bad of ['john', 'john@ou', 'john@ou.e', 'jo hn@ou.edu', 'a@b@c.com', 'john@ou.ed1']) {
      expect(messagesOf(EmailSchema, bad)).toEqual(['Invalid email address!']);
    }
  });

  it('accepts and trims valid addresses', () => {
    expect(EmailSchema.parse(' John.Doe+x@mail.ou.edu ')).toBe('John.Doe+x@mail.ou.edu');
  });

  it('asks for a new address when it is the current one in another case', () => {
    const schema = newEmailSchema('John@OU.edu');
    expect(messagesOf(schema, 'john@ou.edu')).toEqual(['Enter a new email']);
    expect(messagesOf(schema, '')).toEqual(['Email is required.']);
    expect(schema.parse('jane@ou.edu')).toBe('jane@ou.edu');
  });
});

describe('PasswordSchema', () => {
  it('requires a password of at most 30 characters', () => {
    expect(messagesOf(PasswordSchema, '')).toEqual(['Password is required.']);
    expect(messagesOf(PasswordSchema, undefined)).toEqual(['Password is required.']);
    expect(messagesOf(PasswordSchema, 'x'.repeat(30))).toEqual([]);
    expect(messagesOf(PasswordSchema, 'x'.repeat(31))).toHaveLength(1);
    expect(messagesOf(PasswordSchema, 'abc')).toEqual([]);
  });

  it('adds the 6-character minimum at registration', () => {
    expect(messagesOf(RegistrationPasswordSchema, 'abcde')).toEqual(['Password too short.']);
    expect(messagesOf(RegistrationPasswordSchema, '')).toEqual(['Password is required.']);
    expect(messagesOf(RegistrationPasswordSchema, 'abcdef')).toEqual([]);
  });
});

describe('RegistrationNameSchema', () => {
  it.each([
    [undefined, 'Full name is required'],
    ['', 'Name is required.'],
    ['   ', 'Name is required.'],
    ['John', 'Full name is required'],
    ['J Doe', 'Name is Invalid'],
    ['John D', 'Name is Invalid'],
    ['John  Doe', 'Your Name is Invalid.'],
    ['John Doe3', 'Your Name is Invalid.'],
    ['Mary-Jane Doe', 'Your Name is Invalid.'],
    ['J. Doe', 'Your Name is Invalid.'],
    ['<img src=x> Doe', 'Your Name is Invalid.'],
    ['\u3164\u3164 \u3164\u3164', 'Your Name is Invalid.'],
    ["'' Doe", 'Your Name is Invalid.'],
  ])('%j → %s', (value, message) => {
    expect(messagesOf(RegistrationNameSchema, value)).toEqual([message]);
  });

  it.each(['John Doe', "Shaquille O'Neal", 'Conan O’Brien', 'Jean Luc Picard', ' José Núñez ', 'Al Li'])(
    'accepts %j',
    (value) => {
      expect(messagesOf(RegistrationNameSchema, value)).toEqual([]);
    },
  );
});

describe('BioSchema', () => {
  it('allows 160 characters, counting emoji as one', () => {
    expect(messagesOf(BioSchema, '😀'.repeat(160))).toEqual([]);
    expect(messagesOf(BioSchema, 'a'.repeat(161))).toHaveLength(1);
    expect(messagesOf(BioSchema, '')).toEqual([]);
  });
});

describe('UsernameSchema', () => {
  it.each([
    [undefined, ['Username is required.']],
    ['', ['Username is required.']],
    ['abc', ['Must be longer than 4 characters.']],
    ['ab!', ['Must be longer than 4 characters.', 'Only letters, numbers, _ and -']],
    ['john doe', ['Only letters, numbers, _ and -']],
    ['settings', ['That username has been taken.']],
    ['Search', ['That username has been taken.']],
  ])('%j', (value, messages) => {
    expect(messagesOf(UsernameSchema, value)).toEqual(messages);
  });

  it('accepts 4 to 50 characters and lower-cases them', () => {
    expect(UsernameSchema.parse('John_Doe-2')).toBe('john_doe-2');
    expect(UsernameSchema.parse('abcd')).toBe('abcd');
    expect(messagesOf(UsernameSchema, 'a'.repeat(50))).toEqual([]);
    expect(messagesOf(UsernameSchema, 'a'.repeat(51))).toHaveLength(1);
  });
});

describe('PhoneSchema', () => {
  it('uses the spec messages', () => {
    expect(messagesOf(PhoneSchema, '')).toEqual(['A phone # is required']);
    expect(messagesOf(PhoneSchema, undefined)).toEqual(['A phone # is required']);
    for (const bad of ['123456', '++14055550123', '405-555-01x3', '1234567890123456', '+']) {
      expect(messagesOf(PhoneSchema, bad)).toEqual(['Invalid phone #']);
    }
  });

  it('accepts 7 to 15 digits after an optional plus, without separators', () => {
    expect(PhoneSchema.parse('1234567')).toBe('1234567');
    expect(PhoneSchema.parse('+123456789012345')).toBe('+123456789012345');
    expect(PhoneSchema.parse('(405) 555-0123')).toBe('4055550123');
    expect(PhoneSchema.parse('+1 405.555.0123')).toBe('+14055550123');
  });

  it('limits the input to 20 characters', () => {
    expect(messagesOf(PhoneSchema, '+1 (405) 555 - 0123 4')).toHaveLength(1);
    expect(messagesOf(PhoneSchema, '+1 (405) 555 - 0123 4')).not.toContain('Invalid phone #');
  });
});

describe('schoolEmailSchema', () => {
  const ut = schoolEmailSchema(['utexas.edu', 'eid.utexas.edu'], 'old@utexas.edu');

  it('accepts an address at one of the campus domains', () => {
    expect(messagesOf(ut, 'abc123@utexas.edu')).toEqual([]);
    expect(messagesOf(ut, 'abc123@EID.utexas.edu')).toEqual([]);
    expect(messagesOf(ut, 'first_last@utexas.edu')).toEqual([]);
  });

  it('accepts the dots, hyphens, underscores and plus signs of real school addresses (docs/decisions/030-feed-ads-and-rough-edges.md)', () => {
    const ou = schoolEmailSchema(['ou.edu']);
    for (const address of ['nora.n@ou.edu', 'jane-doe@ou.edu', 'j_doe2@ou.edu', 'nora+market@ou.edu', 'a@ou.edu']) {
      expect(messagesOf(ou, address), address).toEqual([]);
    }
  });

  it.each([
    ['', 'Enter a new school email'],
    ['OLD@utexas.edu', 'Enter a new school email'],
    [' old@utexas.edu ', 'Enter a new school email'],
    ['abc@gmail.com', 'Enter a valid school email'],
    ['abc@mail.utexas.edu', 'Enter a valid school email'],
    ['abc@utexas.edu.evil.com', 'Enter a valid school email'],
    ['abc', 'Enter a valid school email'],
    ['@utexas.edu', 'Enter a valid school email'],
    ['a b@utexas.edu', 'Enter a valid school email'],
    ['.abc@utexas.edu', 'Enter a valid school email'],
    ['abc.@utexas.edu', 'Enter a valid school email'],
    ['nora..n@utexas.edu', 'Enter a valid school email'],
    ['-nora@utexas.edu', 'Enter a valid school email'],
    ["o'brien@utexas.edu", 'Enter a valid school email'],
    ['nora<b>@utexas.edu', 'Enter a valid school email'],
  ])('%j → %s', (value, message) => {
    expect(messagesOf(ut, value)).toEqual([message]);
  });

  it('cannot verify anything without a domain list', () => {
    expect(messagesOf(schoolEmailSchema([]), 'abc@utexas.edu')).toEqual(['Something went wrong']);
  });

  it('needs no current address', () => {
    expect(messagesOf(schoolEmailSchema(['ou.edu']), 'abc@ou.edu')).toEqual([]);
    expect(messagesOf(schoolEmailSchema(['ou.edu'], null), '')).toEqual(['Enter a new school email']);
  });
});

describe('VerificationCodeSchema', () => {
  it('asks for the code when empty and calls other input incorrect', () => {
    expect(messagesOf(VerificationCodeSchema, '')).toEqual(['Please enter verification code']);
    expect(messagesOf(VerificationCodeSchema, undefined)).toEqual(['Please enter verification code']);
    expect(messagesOf(VerificationCodeSchema, '12a4')).toEqual(['Your code was incorrect. Please try again.']);
    expect(messagesOf(VerificationCodeSchema, '12345')).toEqual(['Your code was incorrect. Please try again.']);
    expect(VerificationCodeSchema.parse(' 4821 ')).toBe('4821');
  });
});
