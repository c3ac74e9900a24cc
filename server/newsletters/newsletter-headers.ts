/**
 * One recipient's message from a rendered variant: `From: "{site title}"
 * <MAIL_FROM's address>`, Reply-To the creator when they chose it, and
 * List-Unsubscribe with one-click List-Unsubscribe-Post (RFC 8058). Line
 * breaks in a site or post title become spaces before anything reaches a
 * header, and nodemailer encodes what is left, so no title can add a header.
 */
import type { RenderedMail } from '../../common/email.ts';
import { fromAddress, oneLine, type OutgoingMail } from '../mail/index.ts';
import { UNSUBSCRIBE_PLACEHOLDER } from './newsletter-render.ts';

export interface Addressing {
  siteTitle: string;
  mailFrom: string;
  replyTo?: string | undefined;
}

export function newsletterMessage(rendered: RenderedMail, to: string, unsubscribeUrl: string, addressing: Addressing): OutgoingMail {
  const fill = (value: string) => value.split(UNSUBSCRIBE_PLACEHOLDER).join(unsubscribeUrl);
  return {
    to,
    from: { name: oneLine(addressing.siteTitle), address: fromAddress(addressing.mailFrom) },
    ...(addressing.replyTo ? { replyTo: addressing.replyTo } : {}),
    subject: oneLine(rendered.subject),
    html: fill(rendered.html),
    text: fill(rendered.text),
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
