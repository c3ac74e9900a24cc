import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ImportView } from '../../../../common/api/imports.ts';
import { DryRunReview } from './DryRunReview.tsx';

const planned = (overrides: Partial<ImportView> = {}): ImportView => ({
  id: 'i1',
  source: 'patreon',
  status: 'planned',
  fileName: 'members.csv',
  counts: { posts: 0, members: 12, paidMembers: 9, files: 0 },
  tiers: [{ source: 'Gold patrons', label: 'Gold patrons', members: 9, suggestedTierId: null, paidThroughStripe: false }],
  problems: [{ where: 'members.csv line 4', message: 'No e-mail address.' }],
  progress: null,
  result: null,
  createdAt: '2026-11-28T06:00:00.000Z',
  finishedAt: null,
  undoUntil: null,
  failure: null,
  ...overrides,
});

const render = (view: ImportView) => renderToStaticMarkup(<DryRunReview view={view} onStarted={() => undefined} onAnotherFile={() => undefined} />);

describe('DryRunReview', () => {
  it('shows the counts, the tiers to map, the patrons’ invitation, the problems and Start import', () => {
    const html = render(planned());
    expect(html).toContain('12 members');
    expect(html).toContain('9 paying members');
    expect(html).toContain('Which of your tiers?');
    expect(html).toContain('E-mail active patrons an invitation to subscribe here');
    expect(html).toContain('members.csv line 4');
    expect(html).toContain('Start import');
  });

  it('asks about patrons only for Patreon', () => {
    expect(render(planned({ source: 'substack' }))).not.toContain('invitation to subscribe');
  });

  it('offers only another file when the file holds nothing', () => {
    const html = render(planned({ counts: { posts: 0, members: 0, paidMembers: 0, files: 0 }, tiers: [], problems: [] }));
    expect(html).toContain('holds nothing to import');
    expect(html).toContain('Choose another file');
    expect(html).not.toContain('Start import');
  });
});
