#!/usr/bin/env node
/**
 * Records the product tour shown on the landing and About pages: starts the
 * built app on a throw-away embedded database, drives Debian's Chromium through
 * landing -> sign-up -> login, screenshots every step, and encodes the frames
 * with Debian's ffmpeg into a small VP9 webm plus a webp poster.
 *
 * Usage: npx vite build && node scripts/precompress.mjs dist/client && node scripts/record-demo-video.mjs
 * Writes client/public/demo/product-tour.webm and product-tour-poster.webp.
 */
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { ensureClientBuilt } from './ensure-client.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FFMPEG = process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg';
const OUT_DIR = path.resolve('client/public/demo');
const VIDEO = path.join(OUT_DIR, 'product-tour.webm');
const POSTER = path.join(OUT_DIR, 'product-tour-poster.webp');
const SIZE = { width: 1280, height: 720 };
const FPS = 15;
/** A frame shown for one tick of the output frame rate: scrolling and typing move at this pace. */
const TICK = 1 / FPS;

ensureClientBuilt();
for (const [name, file] of [['Chromium', CHROMIUM], ['ffmpeg', FFMPEG]]) {
  if (!existsSync(file)) {
    console.error(`${name} not found at ${file}`);
    process.exit(1);
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url, server) {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not become healthy within 30 s');
}

/** Collects screenshots, each with how long it stays on screen, for ffmpeg's concat demuxer. */
function createFilmstrip(page, directory) {
  const frames = [];
  return {
    frames,
    async shoot(seconds = TICK) {
      const file = path.join(directory, `frame-${String(frames.length).padStart(4, '0')}.png`);
      await page.screenshot({ path: file });
      frames.push({ file, seconds });
      return file;
    },
  };
}

async function scrollThrough(page, film, toY, stepPx) {
  let y = await page.evaluate(() => window.scrollY);
  while (y < toY) {
    y = Math.min(toY, y + stepPx);
    await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
    await film.shoot();
  }
}

async function typeInto(page, film, locator, text) {
  await locator.click();
  for (const character of text) {
    await page.keyboard.type(character);
    await film.shoot();
  }
}

mkdirSync(OUT_DIR, { recursive: true });
const workDir = mkdtempSync(path.join(tmpdir(), 'demo-video-'));
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['scripts/start.mjs'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: url,
    DATA_DIR: path.join(workDir, 'data'),
    DATABASE_URL: '',
    SMTP_URL: '',
    SUPPORT_EMAIL: 'support@creator-platform.example',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

let browser;
try {
  await waitForHealth(url, server);
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  // Reduced motion: fade-ins and smooth scrolling would otherwise be caught half-way in the stills.
  const context = await browser.newContext({ viewport: SIZE, deviceScaleFactor: 1, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const film = createFilmstrip(page, workDir);

  await page.goto(`${url}/`, { waitUntil: 'networkidle' });
  await page.evaluate(() => document.fonts.ready);
  await film.shoot(1.6);
  const faqTop = await page.evaluate(() => {
    const heading = [...document.querySelectorAll('h2')].find((element) => element.textContent === 'Frequently asked questions');
    return heading ? heading.getBoundingClientRect().top + window.scrollY - 96 : document.body.scrollHeight / 2;
  });
  await scrollThrough(page, film, faqTop, 90);
  await film.shoot(0.6);
  await page.getByRole('button', { name: 'Do you really take 0% of my revenue?' }).click();
  await film.shoot(1.4);

  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await film.shoot(0.5);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Get Started' }).click();
  await page.waitForURL('**/login');
  await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
  await page.waitForLoadState('networkidle');
  await film.shoot(1.0);

  await page.getByRole('link', { name: 'Sign Up' }).click();
  await page.getByRole('heading', { name: 'Create your account' }).waitFor();
  await film.shoot(0.8);
  await typeInto(page, film, page.getByLabel('Full name'), 'Maya Lopez');
  await page.getByLabel('Niche').selectOption('fitness');
  await film.shoot(0.5);
  await typeInto(page, film, page.getByLabel('Email'), 'maya@mayamoves.fit');
  await typeInto(page, film, page.getByLabel('Password', { exact: true }), 'strong-pass-2025');
  await page.getByRole('checkbox').check();
  await film.shoot(1.4);

  await page.getByRole('link', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
  await film.shoot(0.6);
  await typeInto(page, film, page.getByLabel('Email'), 'maya@mayamoves.fit');
  await typeInto(page, film, page.getByLabel('Password', { exact: true }), 'strong-pass-2025');
  await film.shoot(1.8);

  const list = film.frames.map(({ file, seconds }) => `file '${file}'\nduration ${seconds.toFixed(4)}`).join('\n');
  // The concat demuxer ignores the last entry's duration unless the file is listed once more.
  const listFile = path.join(workDir, 'frames.txt');
  writeFileSync(listFile, `${list}\nfile '${film.frames.at(-1).file}'\n`);

  execFileSync(FFMPEG, [
    '-y', '-loglevel', 'error',
    '-f', 'concat', '-safe', '0', '-i', listFile,
    '-vf', `fps=${FPS},format=yuv420p`,
    '-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '42', '-row-mt', '1', '-deadline', 'good', '-cpu-used', '2',
    '-an', VIDEO,
  ]);
  // The login screen, filled in, shows the product better than a picture of the page the video sits on.
  const posterFrame = film.frames.at(-1).file;
  execFileSync(FFMPEG, ['-y', '-loglevel', 'error', '-i', posterFrame, '-c:v', 'libwebp', '-quality', '72', POSTER]);

  const seconds = film.frames.reduce((sum, frame) => sum + frame.seconds, 0);
  console.log(`${film.frames.length} frames, ${seconds.toFixed(1)} s`);
  console.log(`${path.relative(process.cwd(), VIDEO)}: ${(statSync(VIDEO).size / 1024).toFixed(0)} KB`);
  console.log(`${path.relative(process.cwd(), POSTER)}: ${(statSync(POSTER).size / 1024).toFixed(0)} KB`);
} finally {
  await browser?.close();
  server.kill('SIGTERM');
  await new Promise((resolve) => (server.exitCode === null ? server.once('exit', resolve) : resolve()));
  rmSync(workDir, { recursive: true, force: true });
}
