/**
 * The published design of each site, read and compiled once and kept in
 * memory: the home page asks it on every render that misses the page cache,
 * so it costs a map lookup, not a query and a zod parse. The siteChanged
 * notice that publishing sends (inside its transaction, delivered at commit
 * to every server's LISTEN) drops the site's entry; a read that raced the
 * notice is not stored (the generation moved on while it ran).
 */
import { eq } from 'drizzle-orm';
import { parseDesign, type Design } from '../../common/design.ts';
import type { Database } from '../../db/connect.ts';
import type { Clock } from '../clock.ts';
import { siteDesigns } from '../../db/design-schema.ts';
import { compileDesign, type CompiledDesign } from '../rendering/index.ts';

/** Plenty for the sites one server renders; an entry is a few kB. */
const MAX_ENTRIES = 5_000;
/**
 * How long the reads a design adds (featured posts, tiers, its media) are kept:
 * changes to them call siteChanged and drop them at once; this bounds what no
 * write announces (a featured post going live by the clock, a changed alt text),
 * as the page cache's own 60 s does (074).
 */
const EXTRAS_TTL_MS = 60_000;

export function createPublishedDesigns({ db, clock }: { db: Database; clock: Clock }) {
  const entries = new Map<string, CompiledDesign | null>();
  const extras = new Map<string, { compiled: CompiledDesign; at: number; value: unknown }>();
  let generation = 0;

  async function read(siteId: string, column: 'published' | 'draft'): Promise<Design | undefined> {
    const [row] = await db.select({ design: siteDesigns[column] }).from(siteDesigns).where(eq(siteDesigns.siteId, siteId));
    // A row written by an older schema that no longer parses renders today's layout rather than a broken page.
    return row?.design ? parseDesign(row.design) : undefined;
  }

  return {
    /** The site's published design, compiled; null while the site has published none (today's layout). */
    async published(siteId: string): Promise<CompiledDesign | null> {
      const kept = entries.get(siteId);
      if (kept !== undefined) return kept;
      const startedAt = generation;
      const design = await read(siteId, 'published');
      const compiled = design ? compileDesign(design) : null;
      if (startedAt === generation) {
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
        entries.set(siteId, compiled);
      }
      return compiled;
    },
    /** The owner's draft for the preview: never kept, it changes with every keystroke. */
    async draft(siteId: string): Promise<CompiledDesign | null> {
      const design = (await read(siteId, 'draft')) ?? (await read(siteId, 'published'));
      return design ? compileDesign(design) : null;
    },
    /** What `load` reads for this published design, kept until the site changes or a minute passes; a draft's is never kept. */
    async extras<T>(siteId: string, compiled: CompiledDesign, load: () => Promise<T>): Promise<T> {
      const now = clock().getTime();
      const kept = extras.get(siteId);
      if (kept && kept.compiled === compiled && now - kept.at < EXTRAS_TTL_MS) return kept.value as T;
      const startedAt = generation;
      const value = await load();
      if (startedAt === generation && entries.get(siteId) === compiled) {
        if (extras.size >= MAX_ENTRIES) extras.delete(extras.keys().next().value!);
        extras.set(siteId, { compiled, at: now, value });
      }
      return value;
    },
    invalidate: (siteId: string | undefined): void => {
      generation += 1;
      if (siteId === undefined) {
        entries.clear();
        extras.clear();
      } else {
        entries.delete(siteId);
        extras.delete(siteId);
      }
    },
  };
}

export type PublishedDesigns = ReturnType<typeof createPublishedDesigns>;
