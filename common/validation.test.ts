import { describe, expect, it } from 'vitest';
import { loginSchema, signupSchema } from './validation.ts';

const signup = { fullName: 'Ada Lovelace', email: 'ada@example.com', password: 'violet-harbour-71', niche: 'other', customNiche: 'Beekeeping', agreeToTerms: true };

describe('stored text fields', () => {
  it('keep any printable text, emoji and markup as they are', () => {
    const parsed = signupSchema.parse({ ...signup, fullName: '<b>Zoë</b> \u{1F642} \'; drop table users; --', customNiche: '"<i>"' });
    expect(parsed.fullName).toBe('<b>Zoë</b> \u{1F642} \'; drop table users; --');
    expect(parsed.customNiche).toBe('"<i>"');
  });

  it.each([
    ['fullName', 'Ada\u0000'],
    ['fullName', 'Ada\ud800'],
    ['customNiche', '\u0000'],
    ['customNiche', 'x\udfff'],
    ['email', 'a\u0000@example.com'],
    ['email', 'a\udc00@example.com'],
  ])('refuse %s containing U+0000 or a lone surrogate (%j), which Postgres cannot store as sent', (field, value) => {
    const result = signupSchema.safeParse({ ...signup, [field]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });

  it('refuse such an e-mail at login, too', () => {
    expect(loginSchema.safeParse({ email: 'a\u0000@example.com', password: 'x' }).success).toBe(false);
  });
});
