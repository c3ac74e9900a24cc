import { describe, expect, it } from 'vitest';
import { isApex } from './apex.ts';

describe('isApex', () => {
  it('knows a registered domain under a suffix of one label or of two', () => {
    expect(isApex('example.com')).toBe(true);
    expect(isApex('example.co.uk')).toBe(true);
    expect(isApex('example.com.au')).toBe(true);
  });

  it('calls a name under a registered domain a subdomain, however many labels its suffix has', () => {
    expect(isApex('fans.example.com')).toBe(false);
    expect(isApex('fans.example.co.uk')).toBe(false);
    expect(isApex('www.example.co.uk')).toBe(false);
  });

  it('reads a suffix the list does not name (the tests\' .test) as one label', () => {
    expect(isApex('example.test')).toBe(true);
    expect(isApex('fans.example.test')).toBe(false);
  });
});
