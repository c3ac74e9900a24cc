/**
 * The one way the server fetches an address a user or a peer gave it (an
 * import's images and files now; webhooks and the fediverse later): to a
 * file, under a whole-request time limit and a byte limit, connecting only to
 * addresses it checked (docs/decisions/154-the-address-guard.md). An import's
 * dry run asks the same way and reads only the answer's head (`checkAddress`,
 * docs/decisions/177).
 *
 * node:http and node:https with our own `lookup` (guarded-lookup.ts): the
 * name is resolved once, every answer is checked, and the socket connects to
 * those answers only. A literal IP address is checked before the request
 * (checked-url.ts). Redirects are followed here, not by the client, so each
 * hop is checked again. A fresh agent per request: no pooled socket, opened
 * for one host, carries a request to another.
 */
import { open, rm, type FileHandle } from 'node:fs/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileKindOf } from '../media/index.ts';
import { AddressRefused, refuse } from './address-refused.ts';
import { checkedUrl } from './checked-url.ts';
import { guardedLookup } from './guarded-lookup.ts';

/** As browsers and most HTTP clients allow far more, 5 covers every real CDN and shortener chain. */
const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Neutral: the fetch speaks for a creator's site, not for the platform by name. */
const USER_AGENT = 'Mozilla/5.0 (compatible; site-import/1.0)';

export interface FetchOptions {
  /** Connect, headers and body together, redirects included. */
  timeoutMs: number;
  /** The most bytes written to the file; a longer body is refused while it streams. */
  maxBytes: number;
  /** 'image': the first bytes must be an image the media library takes (server/media/file-kind.ts). */
  accept?: 'image' | 'any';
}

export interface CheckOptions {
  /** Connect and headers together, redirects included. */
  timeoutMs: number;
  /** A file declared larger (its Content-Length, or a range answer's total) is refused. */
  maxBytes: number;
  /** Sent as the fetch would send it: a host may answer an image request differently. */
  accept?: 'image' | 'any';
  /** The caller's own end (a dry run's budget): the check stops and throws the signal's reason. */
  signal?: AbortSignal;
}

export interface CheckedAddress {
  contentType: string | null;
  /** The whole file's size as the server declared it; null when it did not say. */
  declaredBytes: number | null;
  finalUrl: string;
}

export interface FetchedFile {
  /** The type the server declared, as it wrote it; the bytes decide what the file is. */
  contentType: string | null;
  bytes: number;
  /** The address the file came from, after redirects. */
  finalUrl: string;
}

/**
 * A check asks for the first byte only: a host that honours it sends one byte, and one that ignores ranges
 * answers 200 with the whole file, whose body the check never reads. A GET, not a HEAD: many hosts refuse HEAD.
 */
const FIRST_BYTE = 'bytes=0-0';
/** A range answer's whole size: `bytes 0-0/1234`, or, for an empty file, a star in place of the range. */
const RANGE_TOTAL = /^bytes\s+(?:\d+-\d+|\*)\/(\d+)$/i;

function get(url: URL, lookup: LookupFunction, signal: AbortSignal, accept: 'image' | 'any', range?: string): Promise<IncomingMessage> {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = request(url, {
      method: 'GET',
      lookup,
      agent: false,
      signal,
      headers: { accept: accept === 'image' ? 'image/*' : '*/*', 'accept-encoding': 'identity', 'user-agent': USER_AGENT, ...(range ? { range } : {}) },
    });
    outgoing.once('response', resolve);
    outgoing.once('error', reject);
    outgoing.end();
  });
}

/** Counts the bytes as they pass and stops the stream at the first byte past the limit. */
function byteLimit(maxBytes: number) {
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      if (bytes > maxBytes) callback(refuse.tooLarge(maxBytes));
      else callback(null, chunk);
    },
  });
  return { counter, written: () => bytes };
}

/** The whole file's size an answer declares: a range answer's total, else its Content-Length; null when it does not say. */
function declaredSize(response: IncomingMessage): number | null {
  if (response.statusCode === 206 || response.statusCode === 416) {
    const total = RANGE_TOTAL.exec(response.headers['content-range'] ?? '');
    return total ? Number(total[1]) : null;
  }
  const length = Number(response.headers['content-length'] ?? Number.NaN);
  return Number.isFinite(length) ? length : null;
}

/** Failures of this server's own disk while the file is written: ours to see as they are, not the address's fault. */
const DISK_FAULTS = new Set(['ENOSPC', 'EDQUOT', 'EIO', 'EROFS', 'EACCES', 'EBADF']);

/** A failure as the creator reads it: our own refusals as they are, the clock's abort as a timeout, the rest as unreachable; a disk's fault unchanged. */
function refusalOf(error: unknown, timedOut: boolean, timeoutMs: number): unknown {
  // The lookup's refusal reaches the request's 'error' as it was made.
  if (error instanceof AddressRefused) return error;
  if (DISK_FAULTS.has((error as NodeJS.ErrnoException | undefined)?.code ?? '')) return error;
  if (timedOut) return refuse.timeout(timeoutMs);
  return refuse.network();
}

export function createAddressGuard({ allowPrivateAddresses }: { allowPrivateAddresses: boolean }) {
  const lookup = guardedLookup(allowPrivateAddresses);

  /** The first answer that is no redirect, each hop checked again; refused unless a success (or, to a range, 416: an empty file). */
  async function finalAnswer(url: string, signal: AbortSignal, accept: 'image' | 'any', range?: string): Promise<{ response: IncomingMessage; url: URL }> {
    let current = checkedUrl(url, allowPrivateAddresses);
    for (let redirects = 0; ; redirects += 1) {
      const response = await get(current, lookup, signal, accept, range);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (REDIRECT_STATUSES.has(status) && location) {
        // Its body is not wanted, and may never end.
        response.destroy();
        if (redirects === MAX_REDIRECTS) throw refuse.tooManyRedirects(MAX_REDIRECTS);
        current = checkedUrl(location, allowPrivateAddresses, current);
        continue;
      }
      if ((status < 200 || status > 299) && !(range && status === 416)) {
        response.destroy();
        throw refuse.httpStatus(status);
      }
      return { response, url: current };
    }
  }

  async function download(url: string, destPath: string, file: FileHandle, { maxBytes, accept = 'any' }: FetchOptions, signal: AbortSignal): Promise<FetchedFile> {
    const { response, url: finalUrl } = await finalAnswer(url, signal, accept);
    const declared = declaredSize(response);
    if (declared !== null && declared > maxBytes) {
      response.destroy();
      throw refuse.tooLarge(maxBytes);
    }
    const limit = byteLimit(maxBytes);
    await pipeline(response, limit.counter, file.createWriteStream(), { signal });
    if (accept === 'image' && (await fileKindOf(destPath))?.kind !== 'image') throw refuse.notAnImage();
    return { contentType: response.headers['content-type'] ?? null, bytes: limit.written(), finalUrl: finalUrl.href };
  }

  return {
    /**
     * Fetches `url` into `destPath` (created or replaced). Throws AddressRefused
     * with the reason and the creator's words, and the file is then removed; a
     * fault of this server's disk is thrown as it is.
     */
    async fetchToFile(url: string, destPath: string, options: FetchOptions): Promise<FetchedFile> {
      // Opened before any request: a local failure surfaces as it is, and a failure's removal never runs before the file exists.
      const file = await open(destPath, 'w');
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), options.timeoutMs);
      try {
        return await download(url, destPath, file, options, controller.signal);
      } catch (error) {
        // Closed already when the body was streamed; a second close does nothing.
        await file.close();
        await rm(destPath, { force: true });
        throw refusalOf(error, controller.signal.aborted, options.timeoutMs);
      } finally {
        clearTimeout(timer);
      }
    },

    /**
     * Asks for `url` as fetchToFile would, redirects and all, and reads only the answer's status line and headers:
     * throws the AddressRefused fetchToFile would throw before the body (a status, a private address, a hang, a
     * declared size past `maxBytes`). Whether the bytes are what they claim is left to the fetch.
     */
    async checkAddress(url: string, options: CheckOptions): Promise<CheckedAddress> {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), options.timeoutMs);
      const signal = options.signal ? AbortSignal.any([controller.signal, options.signal]) : controller.signal;
      try {
        const { response, url: finalUrl } = await finalAnswer(url, signal, options.accept ?? 'any', FIRST_BYTE);
        // The body is not read: closing the socket (no agent keeps it) stops a host that ignored the range.
        response.destroy();
        const declared = declaredSize(response);
        if (declared !== null && declared > options.maxBytes) throw refuse.tooLarge(options.maxBytes);
        return { contentType: response.headers['content-type'] ?? null, declaredBytes: declared, finalUrl: finalUrl.href };
      } catch (error) {
        if (options.signal?.aborted) throw options.signal.reason;
        throw refusalOf(error, controller.signal.aborted, options.timeoutMs);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

export type AddressGuard = ReturnType<typeof createAddressGuard>;
