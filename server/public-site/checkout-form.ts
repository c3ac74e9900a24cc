/**
 * What the site's plain forms that go on to Checkout share (the offer, gift, tip and product pages): a posted field as
 * text, a visitor's address checked as the join page checks it, and the step to Checkout with its refusals in words.
 */
import type { Request } from 'express';
import type { ErrorCode } from '../../common/error-codes.ts';
import { SIGNUP_FIELD_MESSAGES } from '../../common/messages.ts';
import { emailJoinSchema, listProblems } from '../../common/validation.ts';
import { AppError } from '../errors.ts';
import type { SiteResponse } from './site-page.ts';

/** The posted form's fields as text: one that is missing or not text (a name repeated) reads as empty. */
export function formFields(req: Request): (name: string) => string {
  const body = (req.body ?? {}) as Record<string, unknown>;
  return (name) => {
    const value = body[name];
    return typeof value === 'string' ? value : '';
  };
}

/** A visitor's typed address: the address, or its problem in the sign-up form's words. */
export function visitorEmail(typed: string): { email: string } | { problem: string } {
  const parsed = emailJoinSchema.safeParse({ email: typed });
  if (parsed.success) return { email: parsed.data.email };
  const code = listProblems(parsed.error)[0]?.code ?? 'invalid-email';
  return { problem: SIGNUP_FIELD_MESSAGES[code as keyof typeof SIGNUP_FIELD_MESSAGES] ?? 'Enter a valid email address.' };
}

/**
 * Goes on to the Checkout `start` opens (303), or answers a refusal with its status and `refused(error)`: one the
 * buyer can act on (a 4xx), or a 5xx the page says in words (`explained`: Stripe unreachable, payments not set up).
 * Any other error is ours and goes on to the error screen.
 */
export async function goToCheckout(res: SiteResponse, start: () => Promise<{ url: string }>, explained: readonly ErrorCode[], refused: (error: AppError) => Promise<unknown>): Promise<void> {
  let url: string;
  try {
    ({ url } = await start());
  } catch (error) {
    if (!(error instanceof AppError) || (error.status >= 500 && !explained.includes(error.code))) throw error;
    res.status(error.status);
    await refused(error);
    return;
  }
  res.redirect(303, url);
}
