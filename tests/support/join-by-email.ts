/**
 * A fan joins a site as the join page lets them (docs/decisions/145): the one
 * e-mail field posted as a browser without JavaScript does, the mail read from
 * the SMTP sink, its link followed (its page, then "Continue"). The client
 * ends signed in and a member.
 */
import { expect } from 'vitest';
import type { TestClient } from './http-client.ts';
import type { SmtpSink } from './smtp-sink.ts';

/** The join link of the latest join mail to `email`, waiting for the `count`th mail to that address. */
export async function joinLinkFrom(smtp: SmtpSink, email: string, count = 1): Promise<string> {
  const mails = await smtp.waitForMail(email, { count });
  const link = mails.at(-1)!.links.find((candidate) => candidate.includes('/join/confirm?token='));
  expect(link).toBeDefined();
  return link!;
}

/** Posts the one-field form for `choice` (`tierId:cadence`) on `handle`'s join page, then follows the mailed link. */
export async function joinByEmail(client: TestClient, smtp: SmtpSink, { handle, tierId, email }: { handle: string; tierId: string; email: string }) {
  const sent = await client.post(`/@${handle}/join/signup`, new URLSearchParams({ email, choice: `${tierId}:month` }).toString(), { 'content-type': 'application/x-www-form-urlencoded' });
  expect(sent.status).toBe(200);
  const followed = await followJoinLink(client, await joinLinkFrom(smtp, email));
  expect(followed.headers.get('location')).toBe(`/@${handle}?joined=1`);
  return followed;
}

/**
 * Follows a mailed link (join or sign-in) as its reader does (docs/decisions/152): opens its page, which uses
 * nothing, then presses "Continue", whose POST uses the token. Answers that POST's redirect (signed in, or why not);
 * a link refused at once answers the page's own redirect.
 */
export async function followJoinLink(client: TestClient, link: string) {
  const page = await client.visit(link);
  if (page.status !== 200) return page;
  const { action, body } = continueForm(page.text);
  return client.post(action, body, { 'content-type': 'application/x-www-form-urlencoded' });
}

/** The "Continue" form of a mailed link's page: where it posts and its encoded body (the token). */
export function continueForm(html: string): { action: string; body: string } {
  const form = /<form class="sign-in__form" method="post" action="([^"]+)"><input type="hidden" name="token" value="([^"]*)"><button class="button" type="submit">Continue<\/button>/.exec(html);
  expect(form).not.toBeNull();
  return { action: form![1]!, body: new URLSearchParams({ token: form![2]! }).toString() };
}
