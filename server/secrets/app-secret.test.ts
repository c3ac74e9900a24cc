/** APP_SECRET unset: made once in DATA_DIR with mode 600, said once without the value, and read back by every later start. */
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { appSecretPath, resolveAppSecret } from './app-secret.ts';

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

function recordingLogger() {
  const lines: string[] = [];
  const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
  return { logger, lines };
}

describe('the app secret', () => {
  it('uses APP_SECRET when set and writes nothing', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'app-secret-'));
    folders.push(dataDir);
    const { logger, lines } = recordingLogger();
    expect(await resolveAppSecret({ configured: 'x'.repeat(43), dataDir, logger })).toBe('x'.repeat(43));
    await expect(stat(appSecretPath(dataDir))).rejects.toMatchObject({ code: 'ENOENT' });
    expect(lines).toEqual([]);
  });

  it('makes one once (mode 600), says so without the value, and every later start, or two at once, reads the same', async () => {
    const dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'app-secret-')), 'data');
    folders.push(path.dirname(dataDir));
    const { logger, lines } = recordingLogger();
    const [first, racing] = await Promise.all([resolveAppSecret({ configured: undefined, dataDir, logger }), resolveAppSecret({ configured: undefined, dataDir, logger })]);
    expect(first).toBe(racing);
    expect(Buffer.from(first, 'base64url')).toHaveLength(32);
    expect((await stat(appSecretPath(dataDir))).mode & 0o777).toBe(0o600);
    expect((await readFile(appSecretPath(dataDir), 'utf8')).trim()).toBe(first);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('APP_SECRET is not set');
    expect(lines[0]).not.toContain(first);
    expect(await resolveAppSecret({ configured: undefined, dataDir, logger })).toBe(first);
    expect(lines).toHaveLength(1);
  });
});
