import { AD_MESSAGES } from '@campus/contract';
import { describe, expect, it } from 'vitest';
import { fieldError } from '@/lib/use-form.ts';
import { boostFieldSchema } from './boost-form.ts';

describe('boost form fields', () => {
  const url = boostFieldSchema('url');
  const label = boostFieldSchema('label');

  it('asks for a website, then for https and a real host name', () => {
    expect(fieldError(url, '')).toBe(AD_MESSAGES.websiteRequired);
    expect(fieldError(url, 'www.example.com')).toBe(AD_MESSAGES.websiteInvalid);
    expect(fieldError(url, 'http://www.example.com')).toBe(AD_MESSAGES.websiteInvalid);
    expect(fieldError(url, 'https://localhost')).toBe(AD_MESSAGES.websiteInvalid);
    expect(fieldError(url, 'https://www.example.com/shop')).toBeNull();
  });

  it('refuses an address over 50 characters', () => {
    expect(fieldError(url, `https://www.example.com/${'a'.repeat(40)}`)).toBe(AD_MESSAGES.websiteInvalid);
  });

  it('needs one of the button labels', () => {
    expect(fieldError(label, '')).toBe(AD_MESSAGES.buttonLabelRequired);
    expect(fieldError(label, 'Shop Now')).toBeNull();
    expect(fieldError(label, 'Buy It')).not.toBeNull();
  });
});
