/** The studio's notice of a suspended site, on the overview: what is off, the operator's words, and the way to support. */
import { Link } from 'react-router';
import type { Overview } from '../../../common/api/dashboard.ts';
import { SUSPENSION_COPY } from '../../content/sites.ts';
import './suspension-banner.css';

export function SuspensionBanner({ suspension }: { suspension: NonNullable<Overview['site']>['suspension'] }) {
  if (!suspension) return null;
  return (
    <section className="suspension-banner" role="alert" aria-labelledby="suspension-heading">
      <h2 id="suspension-heading" className="suspension-banner__title">
        {SUSPENSION_COPY.title}
      </h2>
      <p>{SUSPENSION_COPY.body}</p>
      {suspension.reason && (
        <p>
          {SUSPENSION_COPY.reason} <q>{suspension.reason}</q>
        </p>
      )}
      <Link className="button button--primary button--md" to="/support">
        {SUSPENSION_COPY.contact}
      </Link>
    </section>
  );
}
