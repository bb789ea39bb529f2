import { describe, expect, it } from 'vitest';
import { isHttpAddress } from './url';

describe('http(s) addresses', () => {
  it('takes http and https URLs, paths on this site and empty', () => {
    for (const address of [
      'https://kefu.example.com/chat?id=1#a',
      'HTTP://example.com:8080',
      '/#/vip',
      '/',
      '',
    ])
      expect(isHttpAddress(address)).toBe(true);
  });

  it('refuses every other scheme, other sites without a scheme, and hidden characters', () => {
    for (const address of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      'ftp://example.com',
      '//evil.example.com',
      '/\\evil.example.com',
      'http://',
      'https:///path',
      'http://a b.com',
      'example.com',
      'http://example.com/\u0000',
    ])
      expect(isHttpAddress(address)).toBe(false);
  });
});
