/**
 * One argon2id computation on a pool thread (see password.ts). Plain JavaScript
 * because piscina loads it in a bare worker thread, where neither tsx nor vitest
 * transform TypeScript; the build copies it beside the server bundle.
 */
import { hashSync, verifySync } from '@node-rs/argon2';

/** @param {{ kind: 'hash', password: string, options: object } | { kind: 'verify', hash: string, password: string }} task */
export default function runPasswordTask(task) {
  return task.kind === 'hash' ? hashSync(task.password, task.options) : verifySync(task.hash, task.password);
}
