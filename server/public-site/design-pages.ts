/**
 * The site's pages with a design: which design a request sees (the published
 * one from the compiled cache, or the owner's draft in `?preview=design`),
 * what its sections need read, and the home page's main part, head and
 * chrome. Without a published design the routes render today's layout
 * unchanged (home-routes.ts, post-route.ts, join-routes.ts), so nothing changes until the creator publishes.
 */
import type { SQL } from 'drizzle-orm';
import { defaultDesign } from '../../common/design.ts';
import type { Database } from '../../db/connect.ts';
import { publicMediaPrefix } from '../media-urls/index.ts';
import { sitePath, type Site } from '../sites/index.ts';
import { compileDesign, homeHead, homeMain, imageFileFor, PUBLIC_IMAGE_TTL_MS, sectionHtml, shellDesign, text, welcomeHtml, type CompiledDesign, type HomePageInput, type LazySigner, type PageHead, type ShellDesign, type SiteAssets } from '../rendering/index.ts';
import { activeSiteTiers, featuredPosts, siteMediaByIds, type MediaRow, type PostSummary, type PublishedDesigns, type TierRow } from '../site-content/index.ts';

export interface HomeExtras {
  media: ReadonlyMap<string, MediaRow>;
  featured: PostSummary[];
  tiers: TierRow[];
}

export interface DesignPagesDeps {
  db: Database;
  designs: PublishedDesigns;
  signer: LazySigner;
  assets: SiteAssets;
}

export function createDesignPages({ db, designs, signer, assets }: DesignPagesDeps) {
  /** The designs read as published: their files are public (server/site-content/media-uses.ts); a draft's, an unsaved one's are not. */
  const publishedOnes = new WeakSet<CompiledDesign>();

  /**
   * The design's files (and the covers it lists) at their stable addresses when the
   * site and this design are published (docs/decisions/147), so a shared page's card
   * and every cache keep them; signed in the owner's preview of a draft.
   */
  async function prefixOf(site: Site, compiled: CompiledDesign): Promise<(id: string) => string> {
    if (site.publishedAt !== null && publishedOnes.has(compiled)) return publicMediaPrefix;
    const urls = await signer();
    return (id) => urls.prefix(id, PUBLIC_IMAGE_TTL_MS);
  }

  async function chromeFrom(site: Site, compiled: CompiledDesign, media: ReadonlyMap<string, MediaRow>): Promise<ShellDesign> {
    return shellDesign({ compiled, assets, media, prefixOf: await prefixOf(site, compiled), rssPath: sitePath(site, '/rss.xml') });
  }

  return {
    /** The design this request renders: the draft for its owner's preview, the published one for everyone else, none before the first publish. */
    async designFor(site: Site, draft: boolean): Promise<CompiledDesign | null> {
      if (!draft) {
        const published = await designs.published(site.id);
        if (published) publishedOnes.add(published);
        return published;
      }
      return (await designs.draft(site.id)) ?? compileDesign(defaultDesign(site.brandColor));
    },

    /** The theme, logo, navigation and footer of a post, join or account page. */
    async chrome(site: Site, compiled: CompiledDesign | null): Promise<ShellDesign | undefined> {
      if (!compiled) return undefined;
      const chromeIds = [compiled.design.logoId, compiled.design.faviconId].filter((id): id is string => id !== null);
      return chromeFrom(site, compiled, await siteMediaByIds(db, site.id, chromeIds));
    },

    /** What a designed home reads besides today's queries, started beside them so it adds no round trip. */
    extras(compiled: CompiledDesign, site: Site, page: number, live: SQL): Promise<HomeExtras> {
      const read = (): Promise<HomeExtras> =>
        Promise.all([
          siteMediaByIds(db, site.id, compiled.mediaIds),
          page === 1 ? featuredPosts(db, site.id, live, compiled.featuredPostIds) : [],
          compiled.needsTiers && page === 1 ? activeSiteTiers(db, site.id) : ([] as TierRow[]),
        ]).then(([media, featured, tiers]) => ({ media, featured, tiers }));
      // Page 1 of a published design is read once a minute at most (server/site-content/published-designs.ts); a draft or an older page each time.
      const pending = page === 1 ? designs.extras(site.id, compiled, read) : read();
      // A route that answers 404 before awaiting it must not leave an unhandled rejection; whoever awaits it still gets the error.
      pending.catch(() => undefined);
      return pending;
    },

    /** The home page of a designed site: its sections on page 1, the plain list of older posts after it. */
    async home(compiled: CompiledDesign, input: HomePageInput, extras: HomeExtras): Promise<{ main: string; head: PageHead; design: ShellDesign; hasVideo: boolean }> {
      const { site } = input;
      const { media, featured, tiers } = extras;
      const coverIds = compiled.showsCovers ? [...input.posts, ...featured].flatMap((post) => (post.coverMediaId ? [post.coverMediaId] : [])) : [];
      const allMedia = new Map([...media, ...(await siteMediaByIds(db, site.id, coverIds.filter((id) => !media.has(id))))]);
      const prefix = await prefixOf(site, compiled);
      const design = await chromeFrom(site, compiled, allMedia);
      const head = withSeo(homeHead(input), compiled, allMedia, prefix, input.appUrl);
      if (input.page > 1) return { main: homeMain(input), head, design, hasVideo: false };
      const visible = compiled.design.sections.filter((section) => !section.hidden);
      const context = { site, reader: input.reader, posts: input.posts, hasOlder: input.hasOlder, featured, tiers, media: allMedia, prefixOf: prefix, banner: input.banner, avatar: input.avatar };
      const sections = visible.map((section, index) => sectionHtml(section, { ...context, first: index === 0 })).join('');
      // Every page has one h1: the hero's, or the site's title for screen readers when the design has no hero.
      const title = visible.some((section) => section.type === 'hero') ? '' : `<h1 class="visually-hidden">${text(site.title)}</h1>`;
      const welcome = welcomeHtml(site, input.welcome);
      const hasVideo = visible.some((section) => section.type === 'media' && section.settings.mediaId !== null && allMedia.get(section.settings.mediaId)?.derived.hls !== undefined);
      return { main: `${welcome}${title}${sections}`, head, design, hasVideo };
    },
  };
}

/** The creator's own description and sharing image, when the design sets them. */
function withSeo(head: PageHead, compiled: CompiledDesign, media: ReadonlyMap<string, MediaRow>, prefixOf: (id: string) => string, appUrl: URL): PageHead {
  const { seo } = compiled.design;
  const item = seo.imageId ? media.get(seo.imageId) : undefined;
  const file = item?.kind === 'image' ? imageFileFor(item, 1200) : undefined;
  return {
    ...head,
    ...(seo.description ? { description: seo.description } : {}),
    ...(item && file
      ? { image: { url: new URL(`${prefixOf(item.id)}/${file.file}`, appUrl).href, alt: head.siteName, ...(file.width ? { width: file.width } : {}), ...(file.height ? { height: file.height } : {}) } }
      : {}),
  };
}

export type DesignPages = ReturnType<typeof createDesignPages>;
