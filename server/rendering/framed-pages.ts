/**
 * Plain pages in the site's frame (its bar, name and colour, its footer): the
 * site's "page not found" and its copies of the terms and the privacy policy.
 * A fan who follows a dead link or a join form's terms line stays on the site
 * and never meets the platform's app shell or marketing pages
 * (docs/decisions/153). The policy text is the platform's one text
 * (common/terms-conditions.ts, common/privacy-policy.ts) in neutral words.
 */
import { POLICIES_LAST_UPDATED } from '../../common/constants.ts';
import { siteWording, SUPPORT_EMAIL_TOKEN, type PolicySection } from '../../common/policy-text.ts';
import { PRIVACY_INTRO, PRIVACY_SECTIONS } from '../../common/privacy-policy.ts';
import { TERMS_INTRO, TERMS_SECTIONS } from '../../common/terms-conditions.ts';
import { text } from './html.ts';
import type { PageHead } from './page-shell.ts';
import { sitePath, siteUrl, type Site } from '../sites/index.ts';

export type SitePolicy = 'terms' | 'privacy';

const POLICIES: Record<SitePolicy, { title: string; intro: string; sections: readonly PolicySection[] }> = {
  terms: { title: 'Terms & Conditions', intro: TERMS_INTRO, sections: TERMS_SECTIONS },
  privacy: { title: 'Privacy Policy', intro: PRIVACY_INTRO, sections: PRIVACY_SECTIONS },
};

/** The head of a framed page: the site's name, never indexed (a 404 and a copy of shared policy text are nobody's search result). */
export function framedHead(site: Site, appUrl: URL, path: string, title: string): PageHead {
  return { title: `${title} | ${site.title}`, description: `${title} of ${site.title}.`, canonicalUrl: siteUrl(site, appUrl, path), type: 'website', siteName: site.title, noindex: true };
}

/** The title of a policy page, for its head. */
export function policyTitle(policy: SitePolicy): string {
  return POLICIES[policy].title;
}

export function notFoundMain(site: Site): string {
  return `<article class="post"><header class="post__header"><h1 class="post__title">Page not found</h1></header>
<div class="post__body"><p>There is no page at this address on ${text(site.title)}. It may have moved, or the link may be mistyped.</p>
<p><a class="button" href="${sitePath(site)}">Go to ${text(site.title)}</a></p></div></article>`;
}

/** A paragraph with `{email}` as a link to the support address. */
function paragraph(words: string, supportEmail: string): string {
  const email = `<a href="mailto:${text(supportEmail)}">${text(supportEmail)}</a>`;
  return `<p>${siteWording(words).split(SUPPORT_EMAIL_TOKEN).map(text).join(email)}</p>`;
}

export function policyMain(policy: SitePolicy, supportEmail: string): string {
  const { title, intro, sections } = POLICIES[policy];
  const contents = sections.map((section, index) => `<li><a href="#section-${index + 1}">${text(section.title)}</a></li>`).join('');
  const body = sections
    .map((section, index) => `<section id="section-${index + 1}"><h2>${index + 1}. ${text(section.title)}</h2>${section.terms.map((term) => paragraph(term, supportEmail)).join('')}</section>`)
    .join('');
  return `<article class="post"><header class="post__header"><h1 class="post__title">${text(title)}</h1><p class="post__meta">Last updated: ${text(POLICIES_LAST_UPDATED)}</p></header>
<div class="post__body">${paragraph(intro, supportEmail)}<nav aria-label="Contents"><h2>Contents</h2><ol>${contents}</ol></nav>${body}</div></article>`;
}
