/**
 * A design made ready to render, once per publish (server/site-content/published-designs.ts):
 * the page's one inline style (the creator's colour with its text shade
 * checked against the theme's background, common/contrast.ts), the root
 * attributes that pick the theme's variant, and what the sections will need
 * read (media, posts, tiers), so a render asks for no more than that.
 */
import { AA_RATIO, checkContrast, contrastRatio, textOn } from '../../../common/contrast.ts';
import { designMediaIds, themeBackground, themeMode, type Design } from '../../../common/design.ts';

export interface CompiledDesign {
  design: Design;
  /** `:root{…}`: its hash goes into the page's CSP. */
  inlineStyle: string;
  mode: 'light' | 'dark';
  mediaIds: string[];
  /** How many latest posts the sections show at most; 0 when none does. */
  latestCount: number;
  featuredPostIds: string[];
  needsTiers: boolean;
  /** Whether a section shows posts' covers (a grid or cards), so their media are read. */
  showsCovers: boolean;
}

const HEX = /^#[0-9a-f]{6}$/;

export function compileDesign(design: Design): CompiledDesign {
  // Checked again here because it lands inside a <style> element.
  const accent = HEX.test(design.colors.accent) ? design.colors.accent : '#6d28d9';
  const background = themeBackground(design);
  const linkShade = checkContrast(accent, background).nearest;
  // A mid-tone that neither black nor white reads on (#808080) fills buttons in the nearest shade white does.
  const fill = contrastRatio(accent, textOn(accent)) >= AA_RATIO ? accent : checkContrast(accent, '#ffffff').nearest;
  const visible = design.sections.filter((section) => !section.hidden);
  const latest = visible.flatMap((section) => (section.type === 'latest-posts' ? [section.settings.count] : []));
  return {
    design,
    inlineStyle: `:root{--brand:${fill};--on-brand:${textOn(fill)};--brand-text:${linkShade}}`,
    mode: themeMode(design),
    mediaIds: [...new Set(designMediaIds({ ...design, sections: visible }).map((entry) => entry.id))],
    latestCount: latest.length > 0 ? Math.max(...latest) : 0,
    featuredPostIds: [...new Set(visible.flatMap((section) => (section.type === 'featured-posts' ? section.settings.postIds : [])))],
    needsTiers: visible.some((section) => section.type === 'tiers' || section.type === 'join'),
    showsCovers: visible.some((section) => section.type === 'featured-posts' || (section.type === 'latest-posts' && section.settings.layout !== 'list')),
  };
}
