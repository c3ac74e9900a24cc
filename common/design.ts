/**
 * A site's design (DESIGN.md "Customise the site"): theme, colours, logo,
 * favicon, navigation, footer, social links, SEO and an ordered list of
 * sections. This one schema checks a design in the editor, on the way into
 * the API and before the public site renders it. Every object is strict, so
 * an unknown section type or field is refused with the path of the problem;
 * URLs are http(s), mailto or a path on this origin; media are ids the server
 * checks against the site's own library (server/design/design-media.ts).
 */
import { z } from 'zod';

// As in validation.ts: the browser's CSP forbids the eval zod's JIT probes for, and the probe runs as each object schema is made.
if (typeof document !== 'undefined') z.config({ jitless: true });

export const THEMES = ['classic', 'studio', 'editorial', 'bold'] as const;
export type ThemeName = (typeof THEMES)[number];

export const THEME_LABELS: Record<ThemeName, { name: string; description: string }> = {
  classic: { name: 'Classic', description: 'Today’s layout: a plain list in the system font.' },
  studio: { name: 'Studio', description: 'Clean and airy, Inter, rounded cards.' },
  editorial: { name: 'Editorial', description: 'A serif magazine with a cover grid.' },
  bold: { name: 'Bold', description: 'Dark, loud headings, big buttons.' },
};

/** Each theme's page background per variant; a theme without a variant falls back to the one it has. */
const BACKGROUNDS: Record<ThemeName, { light?: string; dark?: string }> = {
  classic: { light: '#ffffff' },
  studio: { light: '#fafafa', dark: '#111318' },
  editorial: { light: '#fbf7f0', dark: '#1b1815' },
  bold: { dark: '#0b0b0f' },
};

export function themeModes(theme: ThemeName): ('light' | 'dark')[] {
  return (['light', 'dark'] as const).filter((mode) => BACKGROUNDS[theme][mode] !== undefined);
}

export function themeMode(design: { theme: ThemeName; mode: 'light' | 'dark' }): 'light' | 'dark' {
  const backgrounds = BACKGROUNDS[design.theme];
  return backgrounds[design.mode] ? design.mode : backgrounds.light ? 'light' : 'dark';
}

/** What the creator's colour is checked against when it is text (common/contrast.ts). */
export function themeBackground(design: { theme: ThemeName; mode: 'light' | 'dark' }): string {
  return BACKGROUNDS[design.theme][themeMode(design)]!;
}

export const SECTION_TYPES = ['hero', 'about', 'latest-posts', 'featured-posts', 'tiers', 'join', 'links', 'media', 'gallery', 'testimonials', 'faq', 'text'] as const;
export type SectionType = (typeof SECTION_TYPES)[number];

export const SECTION_LABELS: Record<SectionType, string> = {
  hero: 'Hero',
  about: 'About',
  'latest-posts': 'Latest posts',
  'featured-posts': 'Featured posts',
  tiers: 'Tiers',
  join: 'Join',
  links: 'Links',
  media: 'Media',
  gallery: 'Gallery',
  testimonials: 'Testimonials',
  faq: 'FAQ',
  text: 'Text',
};

/** The most sections a page may carry: more is no longer a page a reader scrolls. */
export const MAX_SECTIONS = 40;
/** The largest design, as JSON: the API's body limit sits just above it. */
export const MAX_DESIGN_BYTES = 200_000;
/** How many published versions are kept for restore. */
export const KEPT_VERSIONS = 20;

const HEX = /^#[0-9a-f]{6}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Plain text, trimmed by nobody: the renderer escapes it, so markup in it is shown, never run. */
const words = (max: number) => z.string().max(max, { message: `At most ${max} characters.` });

/** http(s), mailto, or a path on this origin (never `//host`): no javascript:, data: or other scheme can reach an href. */
export function isSafeUrl(value: string): boolean {
  if (/^\/(?![/\\])/.test(value)) return true;
  if (!/^(https?:\/\/|mailto:)/i.test(value)) return false;
  try {
    const url = new URL(value);
    return ['http:', 'https:', 'mailto:'].includes(url.protocol);
  } catch {
    return false;
  }
}

const link = z.strictObject({
  label: words(60).min(1, { message: 'A label is needed.' }),
  url: z.string().max(500).refine(isSafeUrl, { message: 'Use an http(s) or mailto address.' }),
});

const mediaId = z.string().regex(UUID, { message: 'Not a media id.' });
const optionalMedia = mediaId.nullable();
const hexColor = z.string().regex(HEX, { message: 'Use a colour like #1a2b3c.' });
const heading = words(120);

const sectionShapes = {
  hero: z.strictObject({ heading, text: words(300), imageId: optionalMedia, showJoin: z.boolean(), align: z.enum(['left', 'center']) }),
  about: z.strictObject({ heading, text: words(5000) }),
  'latest-posts': z.strictObject({ heading, layout: z.enum(['list', 'grid', 'cards']), count: z.number().int().min(1).max(20) }),
  'featured-posts': z.strictObject({ heading, postIds: z.array(z.string().regex(UUID)).max(12) }),
  tiers: z.strictObject({ heading, text: words(500) }),
  join: z.strictObject({ heading, text: words(500), buttonLabel: words(40) }),
  links: z.strictObject({ heading, links: z.array(link).max(20) }),
  media: z.strictObject({ heading, mediaId: optionalMedia, caption: words(300) }),
  gallery: z.strictObject({ heading, images: z.array(z.strictObject({ mediaId, caption: words(200) })).max(24) }),
  testimonials: z.strictObject({ heading, items: z.array(z.strictObject({ quote: words(600), name: words(80), role: words(80) })).max(12) }),
  faq: z.strictObject({ heading, items: z.array(z.strictObject({ question: words(200), answer: words(2000) })).max(30) }),
  text: z.strictObject({ heading, text: words(10_000) }),
} satisfies Record<SectionType, z.ZodType>;

export type SectionSettings = { [T in SectionType]: z.infer<(typeof sectionShapes)[T]> };

const sectionId = z.string().regex(/^[a-z0-9-]{1,40}$/, { message: 'Not a section id.' });

const sectionSchema = z.discriminatedUnion(
  'type',
  SECTION_TYPES.map((type) => z.strictObject({ id: sectionId, type: z.literal(type), hidden: z.boolean(), settings: sectionShapes[type] })) as unknown as [
    z.ZodObject,
    ...z.ZodObject[],
  ],
);

export type Section = { [T in SectionType]: { id: string; type: T; hidden: boolean; settings: SectionSettings[T] } }[SectionType];

export const SOCIAL_NETWORKS = ['instagram', 'youtube', 'tiktok', 'x', 'facebook', 'linkedin', 'mastodon', 'bluesky', 'twitch', 'website', 'email'] as const;

export const designSchema = z
  .strictObject({
    theme: z.enum(THEMES),
    mode: z.enum(['light', 'dark']),
    colors: z.strictObject({ accent: hexColor }),
    logoId: optionalMedia,
    faviconId: optionalMedia,
    nav: z.array(link).max(8),
    footer: z.strictObject({ text: words(500), links: z.array(link).max(10) }),
    social: z.array(z.strictObject({ network: z.enum(SOCIAL_NETWORKS), url: link.shape.url })).max(12),
    seo: z.strictObject({ description: words(300), imageId: optionalMedia }),
    sections: z.array(sectionSchema).max(MAX_SECTIONS, { message: `At most ${MAX_SECTIONS} sections.` }),
  })
  .superRefine((design, context) => {
    const seen = new Set<string>();
    (design.sections as { id: string }[]).forEach((section, index) => {
      if (seen.has(section.id)) context.addIssue({ code: 'custom', message: 'Two sections share an id.', path: ['sections', index, 'id'] });
      seen.add(section.id);
    });
  });

export type Design = Omit<z.infer<typeof designSchema>, 'sections'> & { sections: Section[] };

/** The first problem of a refused design, as a dotted path (`sections.3.settings.url`) and a sentence. */
export function designProblem(input: unknown): { path: string; message: string } | undefined {
  const size = JSON.stringify(input ?? null).length;
  if (size > MAX_DESIGN_BYTES) return { path: '', message: `A design may be at most ${MAX_DESIGN_BYTES / 1000} kB.` };
  const result = designSchema.safeParse(input);
  if (result.success) return undefined;
  const [issue] = result.error.issues;
  return { path: (issue?.path ?? []).join('.'), message: issue?.message ?? 'Not a design.' };
}

export function parseDesign(input: unknown): Design | undefined {
  if (designProblem(input)) return undefined;
  return designSchema.parse(input) as Design;
}

/** Every media id a design names, with where it sits, for the server's ownership check. */
export function designMediaIds(design: Design): { id: string; path: string }[] {
  const found: { id: string; path: string }[] = [];
  const add = (id: string | null, path: string) => {
    if (id) found.push({ id, path });
  };
  add(design.logoId, 'logoId');
  add(design.faviconId, 'faviconId');
  add(design.seo.imageId, 'seo.imageId');
  design.sections.forEach((section, index) => {
    const at = `sections.${index}.settings`;
    if (section.type === 'hero') add(section.settings.imageId, `${at}.imageId`);
    if (section.type === 'media') add(section.settings.mediaId, `${at}.mediaId`);
    if (section.type === 'gallery') section.settings.images.forEach((image, i) => add(image.mediaId, `${at}.images.${i}.mediaId`));
  });
  return found;
}

/** The settings a new section starts with, from the palette. */
export function newSectionSettings<T extends SectionType>(type: T): SectionSettings[T] {
  const defaults: SectionSettings = {
    hero: { heading: '', text: '', imageId: null, showJoin: true, align: 'center' },
    about: { heading: 'About', text: '' },
    'latest-posts': { heading: 'Latest posts', layout: 'list', count: 20 },
    'featured-posts': { heading: 'Featured', postIds: [] },
    tiers: { heading: 'Memberships', text: '' },
    join: { heading: 'Join for free', text: 'Get new posts in your inbox.', buttonLabel: 'Join' },
    links: { heading: 'Links', links: [] },
    media: { heading: '', mediaId: null, caption: '' },
    gallery: { heading: 'Gallery', images: [] },
    testimonials: { heading: 'What members say', items: [] },
    faq: { heading: 'Questions', items: [] },
    text: { heading: '', text: '' },
  };
  return structuredClone(defaults[type]);
}

/**
 * Today's layout as a design: every existing site's first design. Hero with
 * the site's title, tagline and banner, its about text, and the latest posts
 * as a list, in the classic theme, so nothing changes until the creator
 * publishes something else.
 */
export function defaultDesign(accent = '#6d28d9'): Design {
  return {
    theme: 'classic',
    mode: 'light',
    colors: { accent: HEX.test(accent) ? accent : '#6d28d9' },
    logoId: null,
    faviconId: null,
    nav: [],
    footer: { text: '', links: [] },
    social: [],
    seo: { description: '', imageId: null },
    sections: [
      { id: 'hero', type: 'hero', hidden: false, settings: newSectionSettings('hero') },
      { id: 'about', type: 'about', hidden: false, settings: { heading: 'About', text: '' } },
      { id: 'latest-posts', type: 'latest-posts', hidden: false, settings: newSectionSettings('latest-posts') },
    ],
  };
}
