/**
 * The container files, read as Docker and Compose read them (no Docker engine
 * runs here; scripts/image-smoke.ts replays the build itself in CI). The list
 * of variables comes from server/config/environment.ts and .env.example, never a copy.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { commandArgv, dockerignoreMatcher, envPairs, healthcheckArgv, parseDockerfile, type Instruction } from '../../scripts/dockerfile.ts';
import { SERVER_NODE_FLAGS } from '../../scripts/server-node-flags.mjs';
import { loadConfig } from '../../server/config/load-config.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

interface ComposeService {
  image?: string;
  build?: unknown;
  ports?: string[];
  volumes?: string[];
  environment?: Record<string, string | number | boolean>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] | string };
  deploy?: { replicas?: number | string };
}

interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

function readCompose(file: string) {
  const document = parseDocument(read(file), { customTags: [{ tag: '!reset', collection: 'seq', resolve: (value) => value }] });
  expect(document.errors).toEqual([]);
  expect(document.warnings).toEqual([]);
  return { document, compose: document.toJS() as ComposeFile };
}

/** Compose's interpolation of `${NAME}`, `${NAME:-default}` (nested) and `$$`, against the variables of a .env file. */
function interpolate(value: string, dotenv: Record<string, string>): string {
  let result = '';
  for (let index = 0; index < value.length; index += 1) {
    if (value.startsWith('$$', index)) {
      result += '$';
      index += 1;
    } else if (value.startsWith('${', index)) {
      let depth = 0;
      let end = index;
      for (; end < value.length; end += 1) {
        if (value.startsWith('${', end)) depth += 1;
        else if (value[end] === '}' && --depth === 0) break;
      }
      const body = value.slice(index + 2, end);
      const [name = '', fallback] = body.split(/:-(.*)/s);
      const given = dotenv[name];
      result += given !== undefined && given !== '' ? given : fallback === undefined ? '' : interpolate(fallback, dotenv);
      index = end;
    } else result += value[index];
  }
  return result;
}

function appEnvironment(compose: ComposeFile, dotenv: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(compose.services.app!.environment!).map(([name, value]) => [name, interpolate(String(value), dotenv)]));
}

/** Every variable the server reads: the keys of the environment schema (server/config/environment.ts). */
function configVariables(): string[] {
  const source = read('server/config/environment.ts');
  const schema = /const environmentSchema = z\.object\(\{([\s\S]*?)\n\}\);/.exec(source)?.[1];
  expect(schema, 'environmentSchema in server/config/environment.ts').toBeTruthy();
  return [...schema!.matchAll(/^\s+([A-Z][A-Z0-9_]*):/gm)].map((match) => match[1]!);
}

/** Every variable .env.example documents, set or commented out. */
function envExampleVariables(): string[] {
  return [...read('.env.example').matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]!);
}

/** .env.example as a .env file: its set lines only. */
function envExampleValues(): Record<string, string> {
  return Object.fromEntries([...read('.env.example').matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((match) => [match[1]!, match[2]!]));
}

describe('docker-compose.yml', () => {
  const { compose } = readCompose('docker-compose.yml');
  const { postgres, app, mail } = compose.services;

  it('runs the official Postgres image on a named volume, with a pg_isready healthcheck', () => {
    expect(postgres?.image).toMatch(/^postgres:\d+/);
    const dataVolume = postgres!.volumes!.find((volume) => volume.endsWith(':/var/lib/postgresql/data'));
    expect(dataVolume).toBeDefined();
    expect(Object.keys(compose.volumes ?? {})).toContain(dataVolume!.split(':')[0]);
    expect(JSON.stringify(postgres!.healthcheck?.test)).toContain('pg_isready');
  });

  it('builds the app from the Dockerfile, keeps its DATA_DIR on a named volume, and starts it once Postgres is healthy', () => {
    expect(app?.build).toBe('.');
    expect(app!.depends_on?.postgres).toEqual({ condition: 'service_healthy' });
    const environment = appEnvironment(compose, {});
    const dataVolume = app!.volumes!.find((volume) => volume.endsWith(`:${environment.DATA_DIR}`));
    expect(dataVolume, `a volume on DATA_DIR ${environment.DATA_DIR}`).toBeDefined();
    expect(Object.keys(compose.volumes ?? {})).toContain(dataVolume!.split(':')[0]);
    expect(app!.ports!.some((port) => port.endsWith(':3000'))).toBe(true);
  });

  it('passes every variable the server reads (server/config/environment.ts) and every one .env.example lists to the app', () => {
    const variables = new Set([...configVariables(), ...envExampleVariables()]);
    expect(variables.size).toBeGreaterThan(20);
    const passed = Object.keys(app!.environment ?? {});
    expect([...variables].filter((variable) => !passed.includes(variable)), 'variables not passed to the app').toEqual([]);
    expect(passed.filter((variable) => !variables.has(variable)), 'variables the server does not read').toEqual([]);
  });

  it('gives the app a valid configuration on Postgres and the mail catcher with no .env at all', () => {
    const environment = appEnvironment(compose, {});
    const config = loadConfig(environment);
    expect(config.host).toBe('0.0.0.0');
    expect(config.port).toBe(3000);
    expect(config.trustProxy).toBeUndefined();
    const databaseUrl = new URL((config.database as { url: string }).url);
    expect(databaseUrl.hostname).toBe('postgres');
    expect(databaseUrl.username).toBe(postgres!.environment!.POSTGRES_USER);
    expect(databaseUrl.pathname).toBe(`/${postgres!.environment!.POSTGRES_DB}`);
    expect(databaseUrl.password).toBe(interpolate(String(postgres!.environment!.POSTGRES_PASSWORD), {}));
    const smtp = new URL(config.smtpUrl!);
    expect(smtp.hostname).toBe('mail');
    expect(smtp.port).toBe('1025');
  });

  it('takes the settings of a .env copied from .env.example, except where the container must differ', () => {
    const dotenv = { ...envExampleValues(), SMTP_URL: 'smtps://user:secret@smtp.example.com:465', LOG_LEVEL: 'debug', RATE_LIMIT_SIGNUPS_PER_IP: '7' };
    const config = loadConfig(appEnvironment(compose, dotenv));
    expect(config.smtpUrl).toBe(dotenv.SMTP_URL);
    expect(config.logLevel).toBe('debug');
    expect(config.rateLimits.signupsPerIp).toBe(7);
    // .env.example's HOST and DATA_DIR are for `npm start`; inside the container they would break it.
    expect(config.host).toBe('0.0.0.0');
    expect(config.dataDir).toBe('/data');
  });

  it('runs a mail catcher with a web inbox on port 8025 that receives SMTP on 1025', () => {
    expect(mail?.image).toMatch(/^axllent\/mailpit/);
    expect(mail!.ports!.some((port) => port.endsWith(':8025'))).toBe(true);
  });
});

describe('docker-compose.proxy.yml', () => {
  const { document, compose } = readCompose('docker-compose.proxy.yml');
  const base = readCompose('docker-compose.yml').compose;

  it('runs several app replicas, reachable only through the proxy, trusting its X-Forwarded-For', () => {
    const app = compose.services.app!;
    expect((document.getIn(['services', 'app', 'ports'], true) as { tag?: string }).tag).toBe('!reset');
    expect(app.ports).toEqual([]);
    expect(Number(interpolate(String(app.deploy?.replicas), {}))).toBeGreaterThan(1);
    const merged = loadConfig({ ...appEnvironment(base, {}), ...appEnvironment(compose, {}) });
    expect(merged.trustProxy).toBe(1);
    // Links in mails and the Origin check name the proxy's address, the one browsers use.
    const published = interpolate(compose.services.proxy!.ports![0]!, {});
    expect(published).toBe('8080:80');
    expect(merged.appUrl.origin).toBe('http://localhost:8080');
  });

  it('gives every replica the same media folder (DATA_DIR/media) on a named volume, so any of them takes any part of an upload', () => {
    const environment = appEnvironment(base, {});
    const mediaVolume = compose.services.app!.volumes?.find((volume) => volume.endsWith(`:${environment.DATA_DIR}/media`));
    expect(mediaVolume, 'a volume on DATA_DIR/media').toBeDefined();
    expect(Object.keys(compose.volumes ?? {})).toContain(mediaVolume!.split(':')[0]);
  });

  it('puts a reverse proxy in front that waits for a healthy app and finds every replica of it', () => {
    const proxy = compose.services.proxy!;
    expect(proxy.image).toMatch(/^caddy:/);
    expect(proxy.depends_on?.app).toEqual({ condition: 'service_healthy' });
    const caddyfile = proxy.volumes!.map((volume) => volume.split(':')[0]!).find((source) => source.endsWith('Caddyfile'));
    expect(caddyfile && existsSync(path.join(ROOT, caddyfile))).toBe(true);
    const text = read(caddyfile!);
    expect(text).toMatch(/reverse_proxy/);
    expect(text).toMatch(/dynamic a\s*\{\s*name \{\$APP_HOST:app\}\s*port \{\$APP_PORT:3000\}/);
    // Certificates for custom domains only after the app says yes (tests/integration/domains-tls.test.ts runs this file).
    expect(text).toMatch(/on_demand_tls\s*\{\s*ask http:\/\/\{\$APP_HOST:app\}:\{\$APP_PORT:3000\}\/internal\/tls-allowed/);
  });
});

describe('Dockerfile', () => {
  const stages = parseDockerfile(read('Dockerfile'));
  const [build, runtime] = [stages[0]!, stages.at(-1)!];
  const of = (stage: typeof build, keyword: string): Instruction[] => stage.instructions.filter((instruction) => instruction.keyword === keyword);

  it('builds in one stage and runs from another, both on Node 24', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages) expect(stage.from).toMatch(/^node:24(\.|-|$)/);
    expect(build.name).toBeTruthy();
  });

  it('installs exactly from the lockfile, builds, then drops the dev dependencies', () => {
    const runs = of(build, 'RUN').map((instruction) => instruction.args).join('\n');
    expect(runs).toMatch(/npm ci\b/);
    expect(runs).toMatch(/npm run build\b/);
    expect(runs).toMatch(/npm prune --omit=dev\b/);
    expect(runs.indexOf('npm ci')).toBeLessThan(runs.indexOf('npm run build'));
    expect(runs.indexOf('npm run build')).toBeLessThan(runs.indexOf('npm prune'));
  });

  it('copies only the production dependencies and dist/ into the runtime stage, no sources', () => {
    const copied = of(runtime, 'COPY').map((instruction) => {
      expect(instruction.flags.from).toBe(build.name);
      return path.posix.basename(instruction.args.split(/\s+/)[0]!);
    });
    expect(copied.sort()).toEqual(['dist', 'node_modules', 'package.json']);
    expect(runtime.instructions.map((instruction) => instruction.keyword)).not.toContain('ADD');
  });

  it('runs as a non-root user, listening on every interface, with DATA_DIR on a volume', () => {
    const users = of(runtime, 'USER').map((instruction) => instruction.args);
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^(root|0)(:|$)/);
    const env = Object.assign({}, ...of(runtime, 'ENV').map((instruction) => envPairs(instruction.args))) as Record<string, string>;
    expect(env.HOST).toBe('0.0.0.0');
    expect(env.DATA_DIR).toBeTruthy();
    expect(of(runtime, 'VOLUME').map((instruction) => instruction.args).join(' ')).toContain(env.DATA_DIR);
  });

  it('checks its health on /healthz with node alone, and starts the bundled server', () => {
    const [healthcheck] = of(runtime, 'HEALTHCHECK');
    const argv = healthcheckArgv(healthcheck!);
    expect(argv[0]).toBe('node');
    expect(argv.join(' ')).toContain('/healthz');
    const command = commandArgv(of(runtime, 'CMD').at(-1)!.args);
    expect([command[0], command.at(-1)]).toEqual(['node', 'dist/server/main.js']);
  });

  it('starts the server under V8 flags that bound its memory: a small young generation, an old one grown in small steps, and PGlite\'s WASM left to the baseline compiler (docs/decisions/076)', () => {
    const flags = commandArgv(of(runtime, 'CMD').at(-1)!.args).slice(1, -1);
    expect(flags).toContainEqual(expect.stringMatching(/^--max-semi-space-size=\d+$/));
    expect(flags).toContainEqual(expect.stringMatching(/^--heap-growing-percent=\d+$/));
    expect(flags).toContain('--liftoff-only');
  });

  it('and `npm start` runs the server under the same flags, which scripts/start.mjs puts itself under however it is started (decision 127)', () => {
    const flags = commandArgv(of(runtime, 'CMD').at(-1)!.args).slice(1, -1);
    expect(flags).toEqual(SERVER_NODE_FLAGS);
    const { scripts } = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    expect(scripts.start).toBe('node scripts/start.mjs');
    expect(read('scripts/start.mjs')).toMatch(/^await ensureServerNodeFlags\(\);$/m);
  });
});

describe('.dockerignore', () => {
  const ignored = dockerignoreMatcher(read('.dockerignore'));

  it('sends what the build reads', () => {
    for (const file of ['package.json', 'package-lock.json', 'vite.config.ts', 'client/index.html', 'client/main.tsx', 'server/main.ts', 'db/schema.ts', 'common/error-codes.ts', 'migrations/meta/_journal.json', 'scripts/build-server.mjs', 'scripts/precompress.mjs']) {
      expect(ignored(file), file).toBe(false);
    }
  });

  it('keeps out dependencies, builds, local data, secrets, tests and the repository', () => {
    for (const file of ['node_modules/express/package.json', 'dist/server/main.js', 'data/pglite/PG_VERSION', '.env', '.git/HEAD', 'tests/integration/cli.test.ts', 'server/config.test.ts', 'client/lib/api.test.ts', 'bench/run.ts', 'docs/decisions/001-own-server-and-postgres.md']) {
      expect(ignored(file), file).toBe(true);
    }
  });
});
