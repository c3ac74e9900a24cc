/** What goes into an address header: MAIL_FROM's address under another name, and names that cannot break a header. */

/** The address part of MAIL_FROM (`Name <address>` or a bare address). */
export function fromAddress(mailFrom: string): string {
  return /<([^<>\s]+)>\s*$/.exec(mailFrom)?.[1] ?? mailFrom.trim();
}

/** A site or post title for a header: line breaks and other controls become spaces (nodemailer encodes the rest). */
export function oneLine(value: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must not reach a header
  return value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
}
