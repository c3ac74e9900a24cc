/**
 * ISSUE9 "Speed": the studio's uploader and players load only on the pages
 * that need them. Reads the real build (dist/client, made before e2e tests):
 * the JS that the landing page and the auth screens load up front (their
 * chunks and every chunk those import statically) holds none of tus-js-client,
 * hls.js, react-easy-crop, the media page or the onboarding wizard.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLIENT_DIR } from '../support/e2e-app.ts';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

const MANIFEST_PATH = path.join(CLIENT_DIR, '.vite', 'manifest.json');

/** Strings only these libraries and the media page carry. */
const STUDIO_MARKERS = {
  'tus-js-client': 'Upload-Offset',
  'hls.js': '#EXT-X-STREAM-INF',
  'the media page': 'Unfinished uploads from your last visit',
  'react-easy-crop': 'reactEasyCrop_Container',
  'the onboarding wizard': 'Finish and publish my site',
  '@dnd-kit': 'To pick up a draggable item',
  'the design editor': 'Nothing published yet: visitors see today',
};

function staticClosure(manifest: Record<string, ManifestChunk>, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

describe.skipIf(!existsSync(MANIFEST_PATH))('the studio code in the build', () => {
  const manifest = JSON.parse(readFileSync(MANIFEST_PATH, 'utf8')) as Record<string, ManifestChunk>;
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
  const contentOf = (key: string) => readFileSync(path.join(CLIENT_DIR, manifest[key]!.file), 'utf8');

  it('is in the build at all, so the checks below can fail', () => {
    const lazy = Object.keys(manifest).filter((key) => !staticClosure(manifest, entry).has(key));
    for (const marker of Object.values(STUDIO_MARKERS)) {
      expect(lazy.some((key) => manifest[key]!.file.endsWith('.js') && contentOf(key).includes(marker)), marker).toBe(true);
    }
  });

  it('keeps uPlot in the reports page alone: the rest of the studio does not load it (issue 20)', () => {
    const marker = 'u-cursor-pt';
    expect([...staticClosure(manifest, 'features/reports/ReportsPage.tsx')].some((key) => contentOf(key).includes(marker))).toBe(true);
    for (const start of [entry, 'layouts/creator/CreatorLayout.tsx', 'features/overview/OverviewPage.tsx', 'features/activity/page/ActivityPage.tsx', 'features/posts/PostsPage.tsx']) {
      for (const key of staticClosure(manifest, start)) expect(contentOf(key).includes(marker), `uPlot in ${manifest[key]!.file}, loaded by ${start}`).toBe(false);
    }
  });

  it('stays out of what the landing page and the auth screens load up front', () => {
    for (const start of [entry, 'features/sign-in/login/LoginPage.tsx', 'features/sign-in/signup/SignupPage.tsx']) {
      expect(manifest[start], start).toBeDefined();
      for (const key of staticClosure(manifest, start)) {
        const content = contentOf(key);
        for (const [library, marker] of Object.entries(STUDIO_MARKERS)) {
          expect(content.includes(marker), `${library} in ${manifest[key]!.file}, loaded by ${start}`).toBe(false);
        }
      }
    }
  });
});
