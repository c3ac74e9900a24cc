/**
 * Reference peer for row 3: bare argon2id verifications with the product's
 * parameters and the benchmark's concurrency. Prints verifications per second.
 */
import { hash, verify } from '@node-rs/argon2';
import { ARGON2_OPTIONS } from '../../server/auth/password.ts';

const concurrency = Number(process.argv[2] ?? 4);
const seconds = Number(process.argv[3] ?? 5);
const stored = await hash('violet-harbour-71', ARGON2_OPTIONS);
const deadline = Date.now() + seconds * 1000;
let done = 0;
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (Date.now() < deadline) {
      await verify(stored, 'violet-harbour-71');
      done += 1;
    }
  }),
);
process.stdout.write(`${JSON.stringify({ perSecond: done / seconds })}\n`);
