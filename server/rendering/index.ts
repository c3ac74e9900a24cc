/** What other rooms use of server/rendering/ (docs/architecture.md): its public surface. */
export { shellDesign, type ShellDesign } from './design/chrome.ts';
export { compileDesign, type CompiledDesign } from './design/compile.ts';
export { sectionHtml } from './design/sections.ts';
export { audioEnclosure, rssXml, type FeedItem } from './feeds.ts';
export { framedHead, notFoundMain, policyMain, policyTitle, type SitePolicy } from './framed-pages.ts';
export { formatDate, homeHead, homeMain, welcomeHtml, type HomePageInput, type SiteImage } from './home-page.ts';
export { text } from './html.ts';
export { linkContinueMain, sameSitePath, signInMain, type LinkKind } from './sign-in-page.ts';
export { joinHead, joinMain, parseChoice, type JoinChoice, type JoinLinkProblem, type JoinPageInput, type JoinerState } from './join-page.ts';
export { embedAltOf, embeddedMediaIds, expandMediaEmbeds, imageFileFor } from './media-html.ts';
export { BODY_MEDIA_TTL_MS, PUBLIC_IMAGE_TTL_MS, type LazySigner } from './media-links.ts';
export { renderShell, type PageHead, type ShellInput } from './page-shell.ts';
export { gateWords, postDescription, postHead, postMain, readableHtml } from './post-page.ts';
export type { SiteAssets } from './site-assets.ts';
export { siteReaderOf, type SiteReader } from './site-bar.ts';
export { paymentFormTargets, sitePageHeaders } from './site-headers.ts';
export { siteIcon } from './site-icon.ts';
export type { MediaRow, PostRow, PostSummary, TierRow } from './site-rows.ts';
