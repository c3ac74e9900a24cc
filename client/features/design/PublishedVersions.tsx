/** The published versions of the design, the live one first, each one a click from the draft. */
import type { DesignState } from '../../../common/api/design.ts';
import { DESIGN_PAGE } from '../../content/design.ts';

const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function PublishedVersions({ versions, disabled, onRestore }: { versions: DesignState['versions']; disabled: boolean; onRestore: (version: DesignState['versions'][number]) => void }) {
  return (
    <section className="design__versions" aria-labelledby="versions-heading">
      <h2 id="versions-heading" className="design__subheading">
        Published versions
      </h2>
      {versions.length === 0 ? (
        <p className="design__hint">{DESIGN_PAGE.noVersions}</p>
      ) : (
        <ol className="versions">
          {versions.map((version, index) => (
            <li key={version.id} className="versions__item">
              <span>
                Version {version.version}
                {index === 0 ? ' (live)' : ''} · {DATE_TIME.format(new Date(version.publishedAt))}
              </span>
              <button type="button" className="design__tool" disabled={disabled} aria-label={`Restore version ${version.version}`} onClick={() => onRestore(version)}>
                Restore
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
