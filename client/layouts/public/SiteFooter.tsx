/**
 * The public footer (SPEC.md "Public layout"): the site's own pages, the
 * external links the operator configured (an unset one is left out), and the
 * copyright line.
 */
import { Link } from 'react-router';
import type { FooterLinks } from '../../../common/api-types.ts';
import { PRODUCT_NAME, TAGLINE } from '../../../common/constants.ts';
import { usePublicConfig } from '../../app/public-config.tsx';
import { EXTERNAL_LINK_LABELS, FOOTER_LINKS } from '../../content/navigation.ts';
import './SiteFooter.css';

function configuredLinks(links: FooterLinks | undefined): { label: string; href: string }[] {
  if (!links) return [];
  return (Object.keys(EXTERNAL_LINK_LABELS) as (keyof FooterLinks)[]).flatMap((key) => {
    const href = links[key];
    return href ? [{ label: EXTERNAL_LINK_LABELS[key], href }] : [];
  });
}

export function SiteFooter() {
  const externalLinks = configuredLinks(usePublicConfig()?.footerLinks);
  const year = new Date().getFullYear();

  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <Link to="/" className="site-footer__logo">
            <img src="/favicon.svg" alt="" width="32" height="32" />
            {PRODUCT_NAME}
          </Link>
          <p className="site-footer__tagline">{TAGLINE}. Your domain, your prices, 0% revenue cut.</p>
        </div>
        <nav className="site-footer__group" aria-label="Site">
          <h2 className="site-footer__heading">Explore</h2>
          <ul className="site-footer__links">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        {externalLinks.length > 0 && (
          <nav className="site-footer__group" aria-label="Elsewhere">
            <h2 className="site-footer__heading">Elsewhere</h2>
            <ul className="site-footer__links">
              {externalLinks.map((link) => (
                <li key={link.label}>
                  <a href={link.href} target="_blank" rel="noopener noreferrer">
                    {link.label}
                    <span className="visually-hidden"> (opens in a new tab)</span>
                    <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
                      <path d="M6 3h7v7M13 3L4 12" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
                    </svg>
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>
      <p className="site-footer__copyright">
        © {year} {PRODUCT_NAME}. All rights reserved.
      </p>
    </footer>
  );
}
