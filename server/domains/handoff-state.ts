/**
 * The handoff's state (DESIGN.md "Sessions on custom domains"), as OAuth's
 * `state`: the domain sets a random value in a host-only cookie before it
 * sends the reader to the platform, the platform ties the token it mints to
 * that value's hash, and the domain redeems the token only beside the same
 * cookie. A token minted for someone else's browser (an attacker's own, in a
 * link) finds no such cookie in the victim's, so it signs nobody in.
 */
import { parseCookie } from 'cookie';
import type { Request, Response } from 'express';
import { generateSecretToken } from '../auth/index.ts';

/** Long enough to sign in, or sign up and confirm an address, on the platform before coming back. */
export const HANDOFF_STATE_TTL_MS = 30 * 60_000;
const STATE_SHAPE = /^[a-z2-7]{32}$/;

export interface HandoffStateCookie {
  /** A new state, set in the domain's answer; the caller sends it on to the platform. */
  start(res: Response): string;
  read(req: Request): string | undefined;
  clear(res: Response): void;
}

/** Secure on an https platform, as the session cookie (server/auth/session-cookie.ts): custom domains are served on https there. */
export function createHandoffStateCookie(appUrl: URL): HandoffStateCookie {
  const secure = appUrl.protocol === 'https:';
  const name = secure ? '__Host-handoff-state' : 'handoff-state';
  const options = { httpOnly: true, sameSite: 'lax' as const, path: '/', secure };
  return {
    start(res) {
      const state = generateSecretToken();
      res.cookie(name, state, { ...options, maxAge: HANDOFF_STATE_TTL_MS });
      return state;
    },
    read(req) {
      const value = req.headers.cookie ? parseCookie(req.headers.cookie)[name] : undefined;
      return value && STATE_SHAPE.test(value) ? value : undefined;
    },
    clear(res) {
      res.clearCookie(name, options);
    },
  };
}

/** A state as the platform receives it in the query or the confirmation form: the shape of one, or nothing. */
export function parseHandoffState(value: unknown): string | undefined {
  return typeof value === 'string' && STATE_SHAPE.test(value) ? value : undefined;
}
