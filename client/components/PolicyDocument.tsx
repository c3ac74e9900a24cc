/**
 * The privacy policy and the terms (SPEC.md): the last-updated date, a list of
 * contents, then numbered sections. `{email}` in a paragraph becomes a link to
 * the configured support address.
 */
import type { ReactNode } from 'react';
import { POLICIES_LAST_UPDATED } from '../../common/constants.ts';
import { usePublicConfig } from '../app/public-config.tsx';
import { SUPPORT_EMAIL_TOKEN, type PolicySection } from '../../common/policy-text.ts';
import './PolicyDocument.css';

/** POLICIES_LAST_UPDATED in the machine-readable form of <time>. */
const LAST_UPDATED_ISO = '2025-06-30';

interface PolicyDocumentProps {
  title: string;
  intro: string;
  sections: readonly PolicySection[];
}

function withSupportEmail(text: string, email: string | undefined): ReactNode[] {
  return text.split(SUPPORT_EMAIL_TOKEN).flatMap((part, index) => {
    if (index === 0) return [part];
    const address = email ? (
      <a key={index} href={`mailto:${email}`}>
        {email}
      </a>
    ) : (
      'our support team'
    );
    return [address, part];
  });
}

export function PolicyDocument({ title, intro, sections }: PolicyDocumentProps) {
  const supportEmail = usePublicConfig()?.supportEmail;
  return (
    <article className="policy">
      <header className="policy__header">
        <h1 className="policy__title">{title}</h1>
        <p className="policy__updated">
          Last updated: <time dateTime={LAST_UPDATED_ISO}>{POLICIES_LAST_UPDATED}</time>
        </p>
        <p className="policy__intro">{intro}</p>
      </header>
      <nav className="policy__contents" aria-label="Contents">
        <h2 className="policy__contents-title">Contents</h2>
        <ol>
          {sections.map((section, index) => (
            <li key={section.title}>
              <a href={`#section-${index + 1}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <section key={section.title} id={`section-${index + 1}`} className="policy__section">
          <h2 className="policy__section-title">
            {index + 1}. {section.title}
          </h2>
          {section.terms.map((term) => (
            <p key={term}>{withSupportEmail(term, supportEmail)}</p>
          ))}
        </section>
      ))}
    </article>
  );
}
