/**
 * Imported first by every npm script entry (start, dev, test): on a node older
 * than package.json's `engines`, stop with one line saying which Node to use,
 * instead of a stack trace from deep inside a dependency.
 */
import { readFileSync } from 'node:fs';

/** True when `version` (e.g. "20.20.2") satisfies a `>=MAJOR.MINOR` engines range. */
export function satisfiesEngines(version, range) {
  const wanted = /^>=\s*(\d+)\.(\d+)/.exec(range);
  if (!wanted) throw new Error(`engines.node must read ">=MAJOR.MINOR", not "${range}"`);
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
  const [wantMajor, wantMinor] = [Number(wanted[1]), Number(wanted[2])];
  return major > wantMajor || (major === wantMajor && minor >= wantMinor);
}

const range = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines.node;
if (!satisfiesEngines(process.versions.node, range)) {
  console.error(`Node ${range.replace(/^>=\s*/, '>= ')} is needed (Node 24 LTS recommended), this is ${process.version}: see README "Node".`);
  process.exit(1);
}
