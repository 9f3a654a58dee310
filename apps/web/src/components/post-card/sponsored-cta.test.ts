import { describe, expect, it } from 'vitest';
import { ctaHost } from './sponsored-cta.tsx';

describe('ctaHost', () => {
  it('shows the host a link really leads to', () => {
    expect(ctaHost('https://www.ou.edu@evil.example')).toBe('evil.example');
    expect(ctaHost('https://www.\u043eu.edu/x')).toBe('www.xn--u-0tb.edu');
    expect(ctaHost('https://shop.example.com:8443/sale')).toBe('shop.example.com:8443');
    expect(ctaHost('not a url')).toBe('');
  });
});
