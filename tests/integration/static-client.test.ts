import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT_STATE_ELEMENT_ID, type BootState, type PublicUser } from '../../common/api-types.ts';
import { SESSION_TTL_MS } from '../../common/constants.ts';
import { ROUTES } from '../../common/routes.ts';
import { signUp } from '../support/accounts.ts';
import { createTestClient, type TestResponse } from '../support/http-client.ts';
import { createTestClock, startTestServer, type TestServer } from '../support/test-server.ts';

const ASSET_SOURCE = `export function greet(name) { return 'Hello, ' + name; }\n`.repeat(200);
const INDEX_HTML = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Creator Platform</title><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>';

/** Vite's build manifest, cut down: an entry, a shared chunk, lazily loaded pages and the creator layout. */
const MANIFEST = {
  'main.tsx': { file: 'assets/app-abc123.js', isEntry: true, imports: ['_react.js'] },
  '_react.js': { file: 'assets/react-111.js' },
  '_form.js': { file: 'assets/form-222.js', css: ['assets/form-222.css'] },
  'features/sign-in/login/LoginPage.tsx': { file: 'assets/LoginPage-333.js', isDynamicEntry: true, imports: ['_react.js', '_form.js'], css: ['assets/LoginPage-333.css'] },
  'features/status-pages/not-found/NotFoundPage.tsx': { file: 'assets/NotFoundPage-444.js', isDynamicEntry: true, imports: ['_react.js'] },
  'layouts/creator/CreatorLayout.tsx': { file: 'assets/CreatorLayout-555.js', isDynamicEntry: true, imports: ['_react.js', '_form.js'], css: ['assets/CreatorLayout-555.css'] },
  'features/onboarding/OnboardingPage.tsx': { file: 'assets/OnboardingPage-666.js', isDynamicEntry: true, imports: ['_form.js'] },
};

let clientDir: string;
let server: TestServer;
let sizes: { plain: number; br: number; gz: number };
beforeAll(async () => {
  clientDir = await mkdtemp(path.join(tmpdir(), 'creator-client-'));
  await mkdir(path.join(clientDir, 'assets'));
  const asset = Buffer.from(ASSET_SOURCE);
  const br = brotliCompressSync(asset);
  const gz = gzipSync(asset);
  sizes = { plain: asset.length, br: br.length, gz: gz.length };
  await writeFile(path.join(clientDir, 'index.html'), INDEX_HTML);
  await writeFile(path.join(clientDir, 'assets', 'app-abc123.js'), asset);
  await writeFile(path.join(clientDir, 'assets', 'app-abc123.js.br'), br);
  await writeFile(path.join(clientDir, 'assets', 'app-abc123.js.gz'), gz);
  await writeFile(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"></svg>');
  await mkdir(path.join(clientDir, '.vite'));
  await writeFile(path.join(clientDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  server = await startTestServer({ clientDir });
});
afterAll(async () => {
  await server?.stop();
  if (clientDir) await rm(clientDir, { recursive: true, force: true });
});

/** The JSON in the boot-state element, read the way the browser would: up to the first `</script>`. */
function bootStateOf(page: TestResponse): BootState {
  const match = page.text.match(new RegExp(`<script type="application/json" id="${BOOT_STATE_ELEMENT_ID}">([\\s\\S]*?)</script>`));
  expect(match, 'a boot-state element').not.toBeNull();
  return JSON.parse(match![1]!) as BootState;
}

describe('hashed assets', () => {
  it.each([
    ['br', 'br, gzip, deflate', 'br'],
    ['gzip', 'gzip, deflate', 'gzip'],
  ] as const)('are sent as the %s twin written at build time, cached for a year', async (_label, acceptEncoding, encoding) => {
    const response = await createTestClient(server.url).get('/assets/app-abc123.js', { 'accept-encoding': acceptEncoding });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe(encoding);
    expect(Number(response.headers.get('content-length'))).toBe(encoding === 'br' ? sizes.br : sizes.gz);
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(response.headers.get('vary')).toMatch(/Accept-Encoding/i);
    const cacheControl = response.headers.get('cache-control')!;
    expect(cacheControl).toContain('immutable');
    expect(cacheControl).toContain('max-age=31536000');
    // fetch decodes the body: the twin holds the same script.
    expect(response.text).toBe(ASSET_SOURCE);
  });

  it('are sent plain to a client that accepts no encoding', async () => {
    const response = await createTestClient(server.url).get('/assets/app-abc123.js', { 'accept-encoding': 'identity' });
    expect(response.status).toBe(200);
    expect(response.headers.has('content-encoding')).toBe(false);
    expect(Number(response.headers.get('content-length'))).toBe(sizes.plain);
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(response.text).toBe(ASSET_SOURCE);
  });

  it('other files are served with a short cache', async () => {
    const response = await createTestClient(server.url).get('/favicon.svg');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(response.headers.get('cache-control')).not.toContain('immutable');
  });

  it('a missing file answers 404 instead of the app shell', async () => {
    for (const missing of ['/missing.js', '/assets/app-000000.js', '/assets/app-abc123.js.map']) {
      const response = await createTestClient(server.url).get(missing);
      expect(response.status, missing).toBe(404);
      expect(response.text, missing).not.toContain('<div id="root">');
    }
  });
});

describe('the status of a page (issue 29: no soft 404)', () => {
  /** Every path of the route table, a parameter filled in as a deep link would. */
  const tablePaths = ROUTES.filter((route) => route.path !== '*').map((route) => route.path.replace(/:[a-z]+/gi, '0b7f6a1e-5c7d-4d6b-9a53-1f0e2d3c4b5a'));

  it.each([...tablePaths, '/about/', '/Login', '/upload/posts/42', '/subscribers/someone'])('%s, a route of the table, answers 200 with the app shell', async (path) => {
    const response = await createTestClient(server.url).get(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-robots-tag')).toBeNull();
    expect(response.text).toContain('<div id="root">');
  });

  it.each(['/no-such-page', '/no/such/page', '/dashboard', '/settings', '/upload/posts/42/extra', '/domains'])('%s, which no route takes, answers 404 with the same shell (the not-found screen) and noindex', async (path) => {
    const response = await createTestClient(server.url).get(path);
    expect(response.status).toBe(404);
    expect(response.headers.get('x-robots-tag')).toBe('noindex');
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.text).toContain('<div id="root">');
    expect(response.text).toContain('/assets/NotFoundPage-444.js');
    expect(bootStateOf(response).maintenance).toBe(false);
  });
});

describe('deep links', () => {
  const hintsOf = (page: TestResponse) => [...page.text.matchAll(/<link rel="(modulepreload|preload)"[^>]*href="([^"]+)"/g)].map((match) => `${match[1]} ${match[2]}`);

  it("name their page's chunks and styles as preload hints, leaving out what the main bundle already loads", async () => {
    expect(hintsOf(await createTestClient(server.url).get('/login'))).toEqual([
      'modulepreload /assets/LoginPage-333.js',
      'preload /assets/LoginPage-333.css',
      'modulepreload /assets/form-222.js',
      'preload /assets/form-222.css',
    ]);
  });

  it("ask for a stylesheet in the credentials mode of Vite's loader (crossorigin), so the browser uses the preloaded copy", async () => {
    const page = await createTestClient(server.url).get('/login');
    const styleHints = [...page.text.matchAll(/<link rel="preload" as="style"[^>]*>/g)].map((match) => match[0]);
    expect(styleHints).toHaveLength(2);
    for (const hint of styleHints) expect(hint).toMatch(/ crossorigin[ >=]/);
  });

  it('get the not-found page for an unknown path, and the landing page (in the main bundle) none', async () => {
    const client = createTestClient(server.url);
    expect(hintsOf(await client.get('/no/such/page'))).toEqual(['modulepreload /assets/NotFoundPage-444.js']);
    expect(hintsOf(await client.get('/'))).toEqual([]);
  });

  it("name a creator page's layout first, then its page, each shared chunk once", async () => {
    const client = createTestClient(server.url);
    expect(hintsOf(await client.get('/onboarding'))).toEqual([
      'modulepreload /assets/CreatorLayout-555.js',
      'preload /assets/CreatorLayout-555.css',
      'modulepreload /assets/form-222.js',
      'preload /assets/form-222.css',
      'modulepreload /assets/OnboardingPage-666.js',
    ]);
  });

  it('never serve the build manifest itself', async () => {
    expect((await createTestClient(server.url).get('/.vite/manifest.json')).status).toBe(404);
  });
});

describe('client routes', () => {
  it.each(['/login', '/', '/onboarding', '/upload/posts/some-post-id'])('%s answers index.html, never stored (it carries the user), with the boot state', async (route) => {
    const response = await createTestClient(server.url).get(route);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.text).toContain('<div id="root"></div>');
    expect(response.text).toMatch(new RegExp(`<script type="application/json" id="${BOOT_STATE_ELEMENT_ID}">.*</script></head>`));
    expect(bootStateOf(response)).toEqual({
      maintenance: false,
      user: null,
      config: { supportEmail: 'support@creator.test', googleSignIn: false, footerLinks: {}, uploadMaxBytes: 5368709120 },
    });
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('carry the signed-in user in the boot state', async () => {
    const { client, email } = await signUp(server, { fullName: 'Annie Easley' });
    const state = bootStateOf(await client.get('/login'));
    expect(state.user).toMatchObject({ email, fullName: 'Annie Easley', emailVerified: false });
    expect(state.user).not.toHaveProperty('passwordHash');
    // The whole profile, exactly as /api/auth/me answers it.
    expect(state.user).toStrictEqual((await client.get<{ user: PublicUser }>('/api/auth/me')).body.user);
  });

  it('renew the cookie of a session past half its life, as /api/auth/me would', async () => {
    const time = createTestClock();
    const later = await startTestServer({ clientDir, clock: time.clock, shareWith: server });
    try {
      const { client } = await signUp(later);
      const fresh = await client.get('/onboarding');
      expect(fresh.headers.getSetCookie(), 'a fresh session is not re-sent').toEqual([]);
      time.advance(SESSION_TTL_MS / 2 + 1000);
      const renewed = await client.get('/onboarding');
      expect(bootStateOf(renewed).user).not.toBeNull();
      const expires = renewed.headers.getSetCookie()[0]?.match(/Expires=([^;]+)/i)?.[1];
      expect(new Date(expires!).getTime()).toBeGreaterThan(time.clock().getTime() + SESSION_TTL_MS - 1000);
    } finally {
      await later.stop();
    }
  });

  it.each([
    ['a </script>', 'Eve </script><script>alert(1)</script><!--'],
    // String.replace patterns: $` and $' would paste the page around </head> (and its </script>) into the JSON.
    ["replacement patterns ($`, $', $&)", "Dollar $` $' $& $$ Bill"],
  ])('keep %s in the user data inside the element, verbatim', async (_label, fullName) => {
    const { client } = await signUp(server, { fullName });
    const page = await client.get('/onboarding');
    // One </script> for the module tag and one ending the boot state: the name adds none.
    expect(page.text.match(/<\/script>/g)).toHaveLength(2);
    expect(page.text).not.toContain('<script>alert(1)');
    expect(bootStateOf(page).user?.fullName).toBe(fullName);
  });
});
