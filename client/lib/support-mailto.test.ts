import { describe, expect, it } from 'vitest';
import { SUPPORT_MAIL_BODY, SUPPORT_MAIL_SUBJECT, supportMailto } from './support-mailto.ts';

describe('supportMailto', () => {
  it('addresses the support e-mail with subject and body percent-encoded', () => {
    const link = supportMailto('support@example.com');
    expect(link.startsWith('mailto:support@example.com?')).toBe(true);
    const params = new URLSearchParams(link.slice(link.indexOf('?') + 1));
    expect(params.get('subject')).toBe(SUPPORT_MAIL_SUBJECT);
    expect(params.get('body')).toBe(SUPPORT_MAIL_BODY);
    expect(link).not.toContain(' ');
  });
});
