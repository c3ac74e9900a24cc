/**
 * A fan joins a site as the join page lets them (docs/decisions/145): the one
 * e-mail field posted as a browser without JavaScript does, the mail read from
 * the SMTP sink, its link followed. The client ends signed in and a member.
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
  const followed = await client.visit(await joinLinkFrom(smtp, email));
  expect(followed.headers.get('location')).toBe(`/@${handle}?joined=1`);
  return followed;
}

/** Follows a mailed join link as its reader does; answers the redirect that signs in (or says why not). */
export function followJoinLink(client: TestClient, link: string) {
  return client.visit(link);
}
