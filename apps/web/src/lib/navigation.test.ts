import { describe, expect, it } from 'vitest';
import { safeGoBack } from './navigation.ts';

describe('safeGoBack', () => {
  it('accepts paths of this site, keeping query and hash', () => {
    expect(safeGoBack('/home', '/x')).toBe('/home');
    expect(safeGoBack('/post/abc?redirect=true#c1', '/x')).toBe('/post/abc?redirect=true#c1');
  });

  it.each([
    ['https://evil.example/home'],
    ['//evil.example/home'],
    ['/\\evil.example'],
    ['javascript:alert(1)'],
    ['home'],
    [''],
    [null],
    [undefined],
  ])('falls back for %s', (value) => {
    expect(safeGoBack(value, '/home')).toBe('/home');
  });
});
