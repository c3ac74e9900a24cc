import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Every installed package's engines.node, read from node_modules as package-lock.json lists them. */
function installedEngines(): { name: string; range: string }[] {
  const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, unknown> };
  const found: { name: string; range: string }[] = [];
  for (const location of Object.keys(lock.packages)) {
    if (!location) continue;
    let manifest: { engines?: { node?: unknown } };
    try {
      manifest = JSON.parse(readFileSync(path.join(ROOT, location, 'package.json'), 'utf8')) as typeof manifest;
    } catch {
      continue; // an optional package for another platform is listed but not installed
    }
    if (typeof manifest.engines?.node === 'string') found.push({ name: location, range: manifest.engines.node });
  }
  return found;
}

/** The lowest Node 22 release a range accepts, or undefined when it accepts none. */
function lowestNode22(range: string): string | undefined {
  if (!semver.intersects(range, '^22')) return undefined;
  // Each `||` alternative narrowed to the 22 line; the lowest version left is the floor on 22.
  const on22 = range.split('||').map((alternative) => `${alternative.trim()} >=22.0.0 <23.0.0-0`).join(' || ');
  return semver.minVersion(on22)?.version;
}

describe('engines.node', () => {
  it('is the highest floor any installed dependency declares, so no dependency runs below its own minimum', () => {
    const floors = installedEngines()
      .map(({ name, range }) => ({ name, floor: lowestNode22(range) }))
      .filter((entry): entry is { name: string; floor: string } => entry.floor !== undefined);
    const highest = floors.reduce((top, entry) => (semver.gt(entry.floor, top.floor) ? entry : top));
    const declared = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
    expect(semver.minVersion(declared.engines.node)?.version, `${highest.name} needs ${highest.floor}`).toBe(highest.floor);
  });

  it('reads the same in package-lock.json as in package.json', () => {
    const declared = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
    const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { engines?: { node?: string } }> };
    expect(lock.packages['']?.engines?.node).toBe(declared.engines.node);
  });
});

describe('installedEngines', () => {
  it('finds packages, so the floor above is not taken over an empty list', () => {
    expect(installedEngines().map(({ name }) => name)).toContain('node_modules/vitest');
  });
});
