import { describe, expect, it } from 'vitest';
import { MAINTENANCE_SUPPORT_MESSAGE, supportMailto } from './support-mailto.ts';

describe('supportMailto', () => {
  it('addresses the support e-mail with subject and body percent-encoded', () => {
    const link = supportMailto('support@example.com', MAINTENANCE_SUPPORT_MESSAGE);
    expect(link.startsWith('mailto:support@example.com?')).toBe(true);
    const params = new URLSearchParams(link.slice(link.indexOf('?') + 1));
    expect(params.get('subject')).toBe(MAINTENANCE_SUPPORT_MESSAGE.subject);
    expect(params.get('body')).toBe(MAINTENANCE_SUPPORT_MESSAGE.body);
    expect(link).not.toContain(' ');
  });

  it('keeps an ampersand in the text from starting a new field', () => {
    const link = supportMailto('help@example.com', { subject: 'Domains & billing', body: 'a=b&c' });
    const params = new URLSearchParams(link.slice(link.indexOf('?') + 1));
    expect([...params.keys()]).toEqual(['subject', 'body']);
    expect(params.get('subject')).toBe('Domains & billing');
  });
});
