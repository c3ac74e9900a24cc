/**
 * The pieces of Stripe's protocol every part of the local Stripe-protocol
 * server (tests/support/stripe-server.ts) shares: its error shape, ids, form
 * parameters as Stripe reads them, and the core each part of the server is
 * handed (the objects of an account, events, routes).
 */
import { randomBytes } from 'node:crypto';

export type StripeObject = Record<string, unknown> & { id: string; object: string };
export type Params = Record<string, unknown>;

export class StripeError extends Error {
  readonly status: number;
  readonly param?: string;
  readonly code?: string;
  readonly type: string;
  constructor(status: number, message: string, param?: string, code?: string, type = 'invalid_request_error') {
    super(message);
    this.status = status;
    this.param = param;
    this.code = code;
    this.type = type;
  }
}

export const now = () => Math.floor(Date.now() / 1000);

export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}

export function addInterval(seconds: number, interval: string, count = 1): number {
  const date = new Date(seconds * 1000);
  if (interval === 'day') date.setUTCDate(date.getUTCDate() + count);
  else if (interval === 'week') date.setUTCDate(date.getUTCDate() + 7 * count);
  else if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + count);
  else date.setUTCMonth(date.getUTCMonth() + count);
  return Math.floor(date.getTime() / 1000);
}

export const clone = <T>(value: T): T => structuredClone(value);

export function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function required(params: Params, name: string, param = name): string {
  const value = text(params[name]);
  if (value === undefined) throw new StripeError(400, `Missing required param: ${param}.`, param, 'parameter_missing');
  return value;
}

export function bool(value: unknown): boolean | undefined {
  if (value === 'true' || value === true) return true;
  if (value === 'false' || value === false) return false;
  return undefined;
}

/** A form integer as Stripe reads it: digits only (a fraction or a sign is refused), within `min`. */
export function integer(params: Params, name: string, param = name, min = 0): number | undefined {
  const value = params[name];
  if (value === undefined || value === '') return undefined;
  const digits = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  if (!/^-?\d+$/.test(digits) || Number(digits) < min || !Number.isSafeInteger(Number(digits))) {
    throw new StripeError(400, `Invalid integer: ${digits || JSON.stringify(value)}`, param, 'parameter_invalid_integer');
  }
  return Number(digits);
}

/** Stripe's metadata update: set keys, an empty value deletes its key, an empty `metadata` clears all. */
export function mergeMetadata(current: unknown, update: unknown): Record<string, string> {
  if (update === '') return {};
  const result: Record<string, string> = { ...(current as Record<string, string>) };
  if (update && typeof update === 'object') {
    for (const [key, value] of Object.entries(update as Record<string, unknown>)) {
      if (value === '') delete result[key];
      else result[key] = String(value);
    }
  }
  return result;
}

/** `a[0]=x&a[1]=y` parses to an object with numeric keys when the list is long; treat both as a list. */
export function list(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (value && typeof value === 'object') return Object.values(value);
  return value === undefined || value === '' ? [] : [value];
}

export interface RouteContext {
  spaceKey: string;
  params: Params;
  match: string[];
  /** Called with a live key (`sk_live_…`): Stripe holds live mode to stricter rules (webhook URLs must be https). */
  livemode: boolean;
}

/** What the server hands each of its parts: one account's objects ("space"), events, and its route table. */
export interface StripeCore {
  space: (spaceKey: string) => Map<string, StripeObject>;
  put: (spaceKey: string, object: StripeObject) => StripeObject;
  base: (object: string, prefix: string, fields: Params) => StripeObject;
  find: (spaceKey: string, id: string, kind: string, param?: string) => StripeObject;
  /** The space an object lives in, and the object: for hosted pages and test controls, which name no account. */
  locate: (id: string, kind: string) => { spaceKey: string; object: StripeObject };
  /** Queues events in order; the returned promise settles when they are delivered. */
  send: (spaceKey: string, ...events: Array<[string, Params, Params?]>) => Promise<void>;
  listOf: (spaceKey: string, url: string, predicate: (object: StripeObject) => boolean, params: Params) => Params;
  route: (method: string, path: string, handler: (context: RouteContext) => unknown) => void;
}
