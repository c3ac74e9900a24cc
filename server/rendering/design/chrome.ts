/**
 * What a design adds around every page of the site (home, posts, join,
 * account): the theme's stylesheet and font, the logo, the navigation links,
 * the footer's words and links and the social links. The page shell
 * (page-shell.ts) places it; without a published design the shell is as it
 * always was.
 */
import { SOCIAL_NETWORKS, type ThemeName } from '../../../common/design.ts';
import { text } from '../html.ts';
import { imageFileFor } from '../media-html.ts';
import { footerFixedLinks } from '../platform-badge.ts';
import type { SiteAssets } from '../site-assets.ts';
import type { MediaRow } from '../site-rows.ts';
import type { PageIcon } from '../site-icon.ts';
import type { CompiledDesign } from './compile.ts';

export interface ShellDesign {
  theme: ThemeName;
  mode: 'light' | 'dark';
  inlineStyle: string;
  stylesheet?: string;
  /** The theme's main font file, preloaded so text paints in it at once. */
  font?: string;
  /** Before the site's title in the bar. */
  logo: string;
  /** The creator's navigation links, after the title. */
  nav: string;
  footer: string;
  icon?: PageIcon;
}

const SOCIAL_LABELS: Record<(typeof SOCIAL_NETWORKS)[number], string> = {
  instagram: 'Instagram',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  x: 'X',
  facebook: 'Facebook',
  linkedin: 'LinkedIn',
  mastodon: 'Mastodon',
  bluesky: 'Bluesky',
  twitch: 'Twitch',
  website: 'Website',
  email: 'E-mail',
};

const linkList = (links: { label: string; url: string }[], className: string, label: string) =>
  links.length > 0 ? `<nav class="${className}" aria-label="${label}"><ul>${links.map((item) => `<li><a href="${text(item.url)}">${text(item.label)}</a></li>`).join('')}</ul></nav>` : '';

export interface ChromeInput {
  compiled: CompiledDesign;
  assets: SiteAssets;
  media: ReadonlyMap<string, MediaRow>;
  prefixOf: (mediaId: string) => string;
  /** The site's feed as its pages link it (on its domain or under /@{handle}). */
  rssPath: string;
}

/** One string per compiled design and theme file, so its CSP hash is worked out once (site-headers.ts keeps it). */
const themedStyles = new WeakMap<CompiledDesign, { css: string; style: string }>();
function themedStyle(compiled: CompiledDesign, css: string): string {
  const kept = themedStyles.get(compiled);
  if (kept?.css === css) return kept.style;
  const style = `${css}${compiled.inlineStyle}`;
  themedStyles.set(compiled, { css, style });
  return style;
}

export function shellDesign({ compiled, assets, media, prefixOf, rssPath }: ChromeInput): ShellDesign {
  const { design } = compiled;
  const logoItem = design.logoId ? media.get(design.logoId) : undefined;
  const logo =
    logoItem?.kind === 'image' ? `<img class="site-bar__logo" src="${text(`${prefixOf(logoItem.id)}/${imageFileFor(logoItem, 320).file}`)}" alt="" width="40" height="40">` : '';
  const faviconItem = design.faviconId ? media.get(design.faviconId) : undefined;
  const favicon = faviconItem?.kind === 'image' ? imageFileFor(faviconItem, 192).file : undefined;
  const social = linkList(
    design.social.map((item) => ({ label: SOCIAL_LABELS[item.network], url: item.url })),
    'site-footer__social',
    'Social links',
  );
  const words = design.footer.text ? `<p class="site-footer__text">${text(design.footer.text)}</p>` : '';
  const footer = `${words}${linkList(design.footer.links, 'site-footer__links', 'Footer')}${social}<p class="site-footer__fixed">${footerFixedLinks(rssPath, assets)}</p>`;
  const theme = assets.themes?.[design.theme];
  return {
    theme: design.theme,
    mode: compiled.mode,
    // The theme's stylesheet inline before the creator's colours (the order the two had as link and style), or linked when unread.
    inlineStyle: theme?.css ? themedStyle(compiled, theme.css) : compiled.inlineStyle,
    ...(theme?.stylesheet && !theme.css ? { stylesheet: theme.stylesheet } : {}),
    ...(theme?.font ? { font: theme.font } : {}),
    logo,
    nav: linkList(design.nav, 'site-bar__nav', 'Site'),
    footer,
    ...(favicon && faviconItem ? { icon: { href: `${prefixOf(faviconItem.id)}/${favicon}`, type: favicon === 'original' ? faviconItem.type : 'image/webp' } } : {}),
  };
}
