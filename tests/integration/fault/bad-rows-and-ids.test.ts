/**
 * Generated bad ids and bad rows against the members and join endpoints
 * (issue 15, item 4): tier ids and handles that are no UUID or handle on the
 * join API and the join form, members cursors whose key does not fit their
 * sort, and CSV cells holding U+0000 or a lone surrogate, in the dry run and
 * the real run. Each is answered with a 4xx and a code (the form with its page
 * again, as a 400), a refused row in the import's report, never a 5xx. A
 * fixed seed and bounded runs keep the suite repeatable.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_SORTS, type ImportReport, type MembersAnswer } from '../../../common/api/members.ts';
import { isUuid } from '../../../common/post-schemas.ts';
import { isStorableText } from '../../../common/validation.ts';
import { signUpVerified } from '../../support/accounts.ts';
import { creatorWithSite, type Creator } from '../../support/creator-site.ts';
import { expectCodedRefusal, expectHealthy, HIGH_RATE_LIMITS, printSummary, type AnswerLike } from '../../support/fault-checks.ts';
import type { TestClient } from '../../support/http-client.ts';
import { insertTiers, seedMembers, type SiteTiers } from '../../support/members-fixtures.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

const SEED = 20_261_124;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

let server: TestServer;
let creator: Creator;
let siteTiers: SiteTiers;
let fan: TestClient;
const counts = {
  'cases generated': 0,
  'bad tier ids and handles tried': 0,
  'bad cursors tried': 0,
  'CSV rows with unstorable cells': 0,
  'CSV rows imported': 0,
  '500s seen': 0,
};

beforeAll(async () => {
  server = await startTestServer({ env: HIGH_RATE_LIMITS });
  creator = await creatorWithSite(server);
  siteTiers = await insertTiers(server.handle.db, creator.siteId);
  await seedMembers(server.handle.db, creator.siteId, siteTiers, 30);
  fan = (await signUpVerified(server)).client;
});
afterAll(async () => {
  printSummary('bad-rows-and-ids', counts);
  await server?.stop();
  expect(counts['500s seen']).toBe(0);
});

function seen(answer: AnswerLike) {
  counts['cases generated'] += 1;
  if (answer.status >= 500) counts['500s seen'] += 1;
}

// ---- generators ----

/** Text shaped like a UUID that Postgres cannot cast to one, and text shaped like nothing at all. */
const badId = fc.oneof(
  fc.constantFrom(
    '------------------------------------',
    '00000000-0000-0000-0000-00000000000g',
    'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz',
    '0000000000000000000000000000000000000',
    '{00000000-0000-4000-8000-000000000000}',
    '00000000-0000-4000-8000-00000000000\u0000',
    '\u0000',
    '\ud800',
    '',
    ' ',
    "'; drop table tiers; --",
    '1',
    '__proto__',
  ),
  fc.stringMatching(/^[0-9a-f-]{36}$/).filter((text) => !isUuid(text)),
  fc.string({ unit: 'binary', maxLength: 40 }),
);
const unknownId = fc.uuid();
const cadence = fc.constantFrom('month', 'year', 'week', '', '\u0000');

/** Text no handle can be: too long, other characters, U+0000. */
const badHandle = fc.oneof(fc.constantFrom('a\u0000b', '\ud800ab', 'x'.repeat(31), 'ab', 'UPPER_case', '%zz'), fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }));

/** A cursor's key of the wrong type for some sort: words for dates and numbers, impossible dates, numbers beyond an int4, U+0000. */
const badKey = fc.oneof(
  fc.constantFrom(
    'abc',
    '',
    '2026-02-31 00:00:00+00',
    '2026-13-01 00:00:00+00',
    '2026-01-01 25:00:00+00',
    '2026-01-01T00:00:00Z',
    '99999999999',
    '-2147483649',
    '1.5',
    '1e3',
    'NaN',
    'infinity',
    'a\u0000',
    '\udc00',
    "' or 1=1 --",
  ),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.integer().map(String),
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString().replace('T', ' ').replace('Z', '+00')),
);

const encodeCursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

const cursorText = fc.oneof(
  fc.record({ s: fc.constantFrom(...MEMBER_SORTS), o: fc.constantFrom('asc', 'desc'), d: fc.constantFrom('a', 'b', 'c'), k: badKey, id: fc.oneof(unknownId, badId) }).map(encodeCursor),
  fc.constantFrom(encodeCursor(null), encodeCursor(5), encodeCursor([]), encodeCursor({}), '!!!', 'e30', ''),
  fc.string({ unit: 'binary-ascii', maxLength: 80 }),
);

// ---- the join API and the join form ----

/** A path segment as a hostile client may send it: a lone surrogate as the bytes of one (not UTF-8), which encodeURIComponent would refuse to write. */
const segment = (text: string) => Array.from(text, (character) => (/\p{Cs}/u.test(character) ? '%ED%A0%80' : encodeURIComponent(character))).join('');

async function joinApi(handle: string, body: unknown): Promise<AnswerLike> {
  const response = await fan.post(`/api/sites/${segment(handle)}/join`, body);
  return { status: response.status, headers: response.headers, text: response.text };
}

async function joinForm(handle: string, tierId: string, chosenCadence: string): Promise<AnswerLike> {
  const response = await fan.post(`/@${segment(handle)}/join`, new URLSearchParams({ tierId, cadence: chosenCadence }).toString(), FORM);
  return { status: response.status, headers: response.headers, text: response.text };
}

describe('a malformed tier id', () => {
  it('on POST /api/sites/:handle/join is a 400 invalid-input on tierId, an unknown one a 404, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(badId, unknownId), cadence, async (tierId, chosenCadence) => {
        const answer = await joinApi(creator.handle, { tierId, ...(chosenCadence ? { cadence: chosenCadence } : {}) });
        seen(answer);
        counts['bad tier ids and handles tried'] += 1;
        const context = `tierId ${JSON.stringify(tierId)} cadence ${JSON.stringify(chosenCadence)}`;
        const code = expectCodedRefusal(answer, context);
        if (!isUuid(tierId)) expect([code, answer.status], context).toEqual(['invalid-input', 400]);
        else if (['month', 'year', ''].includes(chosenCadence)) expect([code, answer.status], context).toEqual(['not-found', 404]);
      }),
      { seed: SEED, numRuns: 120, endOnFailure: true },
    );
    await expectHealthy(server);
  });

  it('on the join form is the join page again as a 400 naming the problem; an unknown one goes back to the page with its error', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(badId, unknownId), cadence, async (tierId, chosenCadence) => {
        const answer = await joinForm(creator.handle, tierId, chosenCadence);
        seen(answer);
        counts['bad tier ids and handles tried'] += 1;
        const context = `form tierId ${JSON.stringify(tierId)} cadence ${JSON.stringify(chosenCadence)}`;
        if (isUuid(tierId)) {
          expect(answer.status, context).toBe(303);
          expect(answer.headers.get('location'), context).toBe(`/@${creator.handle}/join?error=not-found`);
        } else {
          expect(answer.status, context).toBe(400);
          expect(answer.headers.get('content-type'), context).toMatch(/^text\/html/);
          expect(answer.text, context).toContain('That is not one of the memberships of this site.');
        }
      }),
      { seed: SEED, numRuns: 80, endOnFailure: true },
    );
    await expectHealthy(server);
  });

  it('under a handle that cannot be one is a 404 not-found on the API and the 404 page on the form', async () => {
    await fc.assert(
      fc.asyncProperty(badHandle, async (handle) => {
        const api = await joinApi(handle, { tierId: siteTiers.free.id });
        const form = await joinForm(handle, siteTiers.free.id, 'month');
        seen(api);
        seen(form);
        counts['bad tier ids and handles tried'] += 2;
        const context = `handle ${JSON.stringify(handle)}`;
        // Bytes that are no UTF-8 fail to decode as a path parameter: 400 invalid-input before any lookup.
        expect(['not-found', 'invalid-input'], context).toContain(expectCodedRefusal(api, context));
        expect(form.status, context).toBeLessThan(500);
        expect(form.headers.get('location') ?? '', context).not.toMatch(/error=failed/);
      }),
      { seed: SEED, numRuns: 60, endOnFailure: true },
    );
    await expectHealthy(server);
  });
});

// ---- members cursors ----

describe('a members cursor', () => {
  const list = (query: Record<string, string>) => creator.client.get<MembersAnswer>(`/api/members?${new URLSearchParams(query).toString()}`);

  it('whose key does not fit its sort is a 400 invalid-input, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...MEMBER_SORTS), fc.constantFrom('asc', 'desc'), cursorText, async (sort, order, cursor) => {
        const response = await list({ sort, order, cursor });
        const answer = { status: response.status, headers: response.headers, text: response.text };
        seen(answer);
        counts['bad cursors tried'] += 1;
        const context = `sort=${sort} order=${order} cursor=${cursor} (${Buffer.from(cursor, 'base64url').toString()})`;
        // A generated cursor can happen to be a good one (a real date for `joined`): then it is a page.
        if (answer.status !== 200) expect(expectCodedRefusal(answer, context), context).toBe('invalid-input');
      }),
      { seed: SEED, numRuns: 250, endOnFailure: true },
    );
    await expectHealthy(server);
  });

  it.each([
    ['joined', 'a word', 'abc'],
    ['joined', 'an impossible date', '2026-02-31 00:00:00+00'],
    ['renewal', 'an hour past midnight', '2026-01-01 25:00:00+00'],
    ['value', 'a number beyond an int4', '99999999999'],
    ['value', 'a fraction', '1.5'],
    ['name', 'U+0000', 'ada\u0000'],
    ['email', 'a lone surrogate', '\ud800'],
  ])('of sort %s with %s as its key is a 400', async (sort, _what, key) => {
    const response = await list({ sort, order: 'desc', cursor: encodeCursor({ s: sort, o: 'desc', d: 'a', k: key, id: crypto.randomUUID() }) });
    counts['bad cursors tried'] += 1;
    seen(response);
    expect(expectCodedRefusal(response, `${sort} ${JSON.stringify(key)}`)).toBe('invalid-input');
  });

  it('whose id is UUID-shaped but no UUID is a 400, and a real cursor of each sort still pages', async () => {
    for (const sort of MEMBER_SORTS) {
      const first = await list({ sort, order: 'asc', limit: '5' });
      expect(first.status, first.text).toBe(200);
      const next = first.body.next!;
      const second = await list({ sort, order: 'asc', limit: '5', cursor: next });
      expect(second.status, second.text).toBe(200);
      expect(second.body.members.map((member) => member.id)).not.toContain(first.body.members[0]!.id);
      const real = JSON.parse(Buffer.from(next, 'base64url').toString()) as Record<string, string>;
      const forged = await list({ sort, order: 'asc', cursor: encodeCursor({ ...real, id: '------------------------------------' }) });
      counts['bad cursors tried'] += 1;
      seen(forged);
      expect(expectCodedRefusal(forged, sort)).toBe('invalid-input');
    }
  });
});

// ---- CSV cells ----

let rowCounter = 0;

const csvCell = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** A cell of a name, note or labels column: plain words, generated text, or text carrying U+0000 or a lone surrogate. */
const cellText = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('Ada Lovelace', 'Grace', 'a,b', 'Says "hi"', '') },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 3, arbitrary: fc.tuple(fc.string({ maxLength: 8 }), fc.constantFrom('\u0000', '\ud800', '\udfff', '\ud83d'), fc.string({ maxLength: 8 })).map(([before, bad, after]) => `${before}${bad}${after}`) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
);

interface GeneratedRow {
  email: string;
  cells: [string, string, string];
  /** An address carrying U+0000 or a surrogate (an e-mail column the import reads too). */
  badEmail: boolean;
}

const generatedRow = fc.tuple(fc.tuple(cellText, cellText, cellText), fc.oneof({ weight: 5, arbitrary: fc.constant('') }, { weight: 1, arbitrary: fc.constantFrom('\u0000', '\udc00') })).map(
  ([cells, emailFlaw]): GeneratedRow => {
    rowCounter += 1;
    return { email: `fuzz.${rowCounter}${emailFlaw}@rows.example`, cells, badEmail: emailFlaw !== '' };
  },
);

const mapping = { email: 'email', name: 'name', note: 'note', labels: 'labels' };

function csvOf(rows: readonly GeneratedRow[]): string {
  return ['email,name,note,labels', ...rows.map((row) => [row.email, ...row.cells].map(csvCell).join(','))].join('\n');
}

/** An address as the report shows it: lower-cased, and what cannot be shown as U+FFFD. */
const shown = (email: string) => Array.from(email.toLowerCase(), (character) => (isStorableText(character) ? character : '\uFFFD')).join('');

const isUnstorable = (row: GeneratedRow) => row.badEmail || row.cells.some((cell) => !isStorableText(cell));

describe('a CSV cell holding U+0000 or a lone surrogate', () => {
  it('refuses that row alone, with its line and reason, in the dry run and the real run; the real run imports the rest', async () => {
    const csv = ['email,name,note,labels', 'nul.cell@rows.example,Ada\u0000Lovelace,,', 'surrogate.cell@rows.example,Grace,\ud800,', 'fine.cell@rows.example,Fine Person,Hello,"a,b"'].join('\n');
    const refusals = [
      { row: 2, email: 'nul.cell@rows.example', problem: 'unstorable-text', message: expect.stringContaining('cannot be saved') },
      { row: 3, email: 'surrogate.cell@rows.example', problem: 'unstorable-text', message: expect.stringContaining('cannot be saved') },
    ];
    const dry = await creator.client.post<ImportReport>('/api/members/import', { csv, mapping, dryRun: true });
    seen(dry);
    expect(dry.status, dry.text).toBe(200);
    expect(dry.body).toEqual({ dryRun: true, rows: 3, create: 1, linked: 0, refused: refusals });
    const real = await creator.client.post<ImportReport>('/api/members/import', { csv, mapping, dryRun: false });
    seen(real);
    expect(real.status, real.text).toBe(200);
    expect(real.body).toEqual({ dryRun: false, rows: 3, create: 1, linked: 0, refused: refusals });
    counts['CSV rows with unstorable cells'] += 2;
    counts['CSV rows imported'] += 1;
  });

  it('generated files: every row with such a cell is refused as unstorable-text, the dry run and the real run agree, and the rest are imported', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(generatedRow, { minLength: 1, maxLength: 6 }), async (rows) => {
        const csv = csvOf(rows);
        const context = JSON.stringify(csv);
        const dry = await creator.client.post<ImportReport>('/api/members/import', { csv, mapping, dryRun: true });
        seen(dry);
        expect(dry.status, `${context}\n${dry.text}`).toBe(200);
        // By address: a quoted cell may span lines, so line numbers are the parser's to count.
        const unstorable = rows.filter(isUnstorable).map((row) => shown(row.email));
        const refusedAsUnstorable = dry.body.refused.filter((refusal) => refusal.problem === 'unstorable-text').map((refusal) => refusal.email);
        expect(refusedAsUnstorable, context).toEqual(unstorable);
        // Every refusal is JSON the client can show: no U+0000 or lone surrogate comes back.
        for (const refusal of dry.body.refused) expect(isStorableText(refusal.email), context).toBe(true);

        const real = await creator.client.post<ImportReport>('/api/members/import', { csv, mapping, dryRun: false });
        seen(real);
        expect(real.status, `${context}\n${real.text}`).toBe(200);
        expect(real.body, context).toEqual({ ...dry.body, dryRun: false });
        counts['CSV rows with unstorable cells'] += unstorable.length;
        counts['CSV rows imported'] += real.body.create;
      }),
      { seed: SEED, numRuns: 40, endOnFailure: true },
    );
    await expectHealthy(server);
  });
});
