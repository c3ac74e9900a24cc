/**
 * Real media files for tests, made on the spot: a PNG by sharp, and an H.264
 * MP4 and a WAV by Debian's ffmpeg (the server needs it anyway). Written to a
 * temporary folder, because a browser test chooses files by path: a file's
 * modification time is part of what tus remembers an upload by.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';

const run = promisify(execFile);

export interface MediaFixtures {
  dir: string;
  png: string;
  mp4: string;
  /** About 21 MB: long enough to pause and resume while it uploads. */
  wav: string;
  remove(): Promise<void>;
}

export async function makeMediaFixtures(): Promise<MediaFixtures> {
  const dir = await mkdtemp(path.join(tmpdir(), 'media-fixtures-'));
  const png = path.join(dir, 'sunrise.png');
  const mp4 = path.join(dir, 'clip.mp4');
  const wav = path.join(dir, 'tone.wav');
  await sharp({ create: { width: 1400, height: 900, channels: 3, background: { r: 240, g: 140, b: 60 } } })
    .composite([{ input: Buffer.from('<svg width="1400" height="900"><circle cx="700" cy="620" r="260" fill="#ffd84a"/></svg>') }])
    .png()
    .toFile(png);
  const quiet = ['-hide_banner', '-loglevel', 'error', '-y'];
  await run('ffmpeg', [...quiet, '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '3', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', mp4]);
  await run('ffmpeg', [...quiet, '-f', 'lavfi', '-i', 'sine=frequency=330:sample_rate=44100', '-ac', '2', '-t', '120', wav]);
  return { dir, png, mp4, wav, remove: () => rm(dir, { recursive: true, force: true }) };
}
