/**
 * The one way the server fetches an address a user or a peer gave it (an
 * import's images and files now; webhooks and the fediverse later): to a
 * file, under a whole-request time limit and a byte limit, connecting only to
 * addresses it checked (docs/decisions/154-the-address-guard.md).
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

export interface FetchedFile {
  /** The type the server declared, as it wrote it; the bytes decide what the file is. */
  contentType: string | null;
  bytes: number;
  /** The address the file came from, after redirects. */
  finalUrl: string;
}

function get(url: URL, lookup: LookupFunction, signal: AbortSignal, accept: 'image' | 'any'): Promise<IncomingMessage> {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = request(url, {
      method: 'GET',
      lookup,
      agent: false,
      signal,
      headers: { accept: accept === 'image' ? 'image/*' : '*/*', 'accept-encoding': 'identity', 'user-agent': USER_AGENT },
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

  async function download(url: string, destPath: string, file: FileHandle, { maxBytes, accept = 'any' }: FetchOptions, signal: AbortSignal): Promise<FetchedFile> {
    let current = checkedUrl(url, allowPrivateAddresses);
    for (let redirects = 0; ; redirects += 1) {
      const response = await get(current, lookup, signal, accept);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (REDIRECT_STATUSES.has(status) && location) {
        // Its body is not wanted, and may never end.
        response.destroy();
        if (redirects === MAX_REDIRECTS) throw refuse.tooManyRedirects(MAX_REDIRECTS);
        current = checkedUrl(location, allowPrivateAddresses, current);
        continue;
      }
      if (status < 200 || status > 299) {
        response.destroy();
        throw refuse.httpStatus(status);
      }
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes) {
        response.destroy();
        throw refuse.tooLarge(maxBytes);
      }
      const limit = byteLimit(maxBytes);
      await pipeline(response, limit.counter, file.createWriteStream(), { signal });
      if (accept === 'image' && (await fileKindOf(destPath))?.kind !== 'image') throw refuse.notAnImage();
      return { contentType: response.headers['content-type'] ?? null, bytes: limit.written(), finalUrl: current.href };
    }
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
  };
}

export type AddressGuard = ReturnType<typeof createAddressGuard>;
