/**
 * The problems an import found, before it runs and while it runs ("posts.csv
 * line 14 — no address"): the first hundred, then how many more, so a file
 * with thousands of bad rows does not bury the page.
 */
import { useId } from 'react';
import type { ImportProblem } from '../../../../common/api/imports.ts';
import { PROBLEMS_SHOWN, formatCount, moreProblems } from '../../../content/imports.ts';

export function ImportProblems({ title, problems }: { title: string; problems: readonly ImportProblem[] }) {
  const headingId = useId();
  if (problems.length === 0) return null;
  const hidden = problems.length - PROBLEMS_SHOWN;
  return (
    <section className="import-problems" aria-labelledby={headingId}>
      <h3 id={headingId} className="import-section__title">
        {title} ({formatCount(problems.length)})
      </h3>
      <ul className="import-problems__list">
        {problems.slice(0, PROBLEMS_SHOWN).map((problem, index) => (
          // The same place can have two problems, and a list of problems never reorders: the index keeps keys unique.
          <li key={`${index}-${problem.where}`}>
            <span className="import-problems__where">{problem.where}</span> — {problem.message}
          </li>
        ))}
      </ul>
      {hidden > 0 && <p className="import-problems__more">{moreProblems(hidden)}</p>}
    </section>
  );
}
