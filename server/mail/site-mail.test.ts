/**
 * The site's mail frame (site-mail.ts) on its own: what the integration tests
 * cannot choose easily. A pale colour keeps the button's text and the name
 * readable, a value that is not a colour never reaches a style attribute, a
 * title cannot add markup or a header line, and nothing of the platform shows.
 */
import { describe, expect, it } from 'vitest';
import { siteActionMail, siteSender, type MailBrand } from './site-mail.ts';

const brand = (overrides: Partial<MailBrand> = {}): MailBrand => ({ title: 'Pale & <Bright>', color: '#fde047', logoUrl: null, url: 'https://pale.example/', ...overrides });
const words = { greetingName: undefined, intro: 'Hello.', actionLabel: 'Confirm', actionUrl: 'https://app.example/confirm?token=x', outro: 'Bye.' };

describe('a site’s mail frame', () => {
  it('keeps text readable on a pale colour and escapes the title', () => {
    const mail = siteActionMail('Subject', brand(), words);
    expect(mail.html).toContain('background:#fde047;color:#111111');
    expect(mail.html).not.toMatch(/color:#fde047;text-decoration:none">Pale/);
    expect(mail.html).toContain('Pale &#38; &#60;Bright&#62;');
    expect(mail.html).not.toContain('<Bright>');
    expect(mail.text).toContain('Pale & <Bright> · https://pale.example/');
    for (const platform of ['Creator Platform', 'Fully own your brand']) {
      expect(mail.html).not.toContain(platform);
      expect(mail.text).not.toContain(platform);
    }
  });

  it('shows the logo when there is one, and never a value that is not a colour', () => {
    const mail = siteActionMail('Subject', brand({ color: 'red;background:url(x)', logoUrl: 'https://app.example/media/1/public/w320.webp' }), words);
    expect(mail.html).toContain('<img src="https://app.example/media/1/public/w320.webp"');
    expect(mail.html).not.toContain('url(x)');
    expect(mail.html).toContain('background:#6d28d9');
  });

  it('sends as the site on MAIL_FROM’s address, in one header line', () => {
    expect(siteSender({ title: 'Line\r\nBcc: x@evil.example' }, 'Creator Platform <no-reply@example.com>')).toEqual({ name: 'Line Bcc: x@evil.example', address: 'no-reply@example.com' });
  });
});
