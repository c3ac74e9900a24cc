/**
 * /api/members on the real app and a real database seeded with 300 members:
 * every filter, the search, every sort and the paging checked against the
 * seed itself; another creator's member answering 404; the note and labels;
 * comp and the job that ends comps; removing a free member; the CSV export's
 * columns, quoting, formula guard and streaming; the import's dry run and run.
 */
import { eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_COLUMNS, type ImportReport, type MemberDetail, type MembersAnswer } from '../../common/api/members.ts';
import { memberships } from '../../db/content-schema.ts';
import { users } from '../../db/schema.ts';
import { signUpVerified } from '../support/accounts.ts';
import { createTestClient } from '../support/http-client.ts';
import { creatorWithSite, sendJson, type Creator } from '../support/creator-site.ts';
import { insertTiers, seedMembers, type SeededMember, type SiteTiers } from '../support/members-fixtures.ts';
import { createTestClock, startTestServer, type TestServer } from '../support/test-server.ts';

const SEEDED = 300;
const clock = createTestClock(new Date('2026-06-01T12:00:00Z'));
let server: TestServer;
let creator: Creator;
let other: Creator;
let siteTiers: SiteTiers;
let seeded: SeededMember[];

beforeAll(async () => {
  server = await startTestServer({ clock: clock.clock });
  creator = await creatorWithSite(server);
  other = await creatorWithSite(server);
  siteTiers = await insertTiers(server.handle.db, creator.siteId);
  seeded = await seedMembers(server.handle.db, creator.siteId, siteTiers, SEEDED);
  const otherTiers = await insertTiers(server.handle.db, other.siteId);
  await seedMembers(server.handle.db, other.siteId, otherTiers, 20, 'o');
});
afterAll(async () => {
  await server?.stop();
});

async function list(query: Record<string, string | number>, owner = creator): Promise<MembersAnswer> {
  const response = await owner.client.get<MembersAnswer>(`/api/members?${new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]))}`);
  expect(response.status, response.text).toBe(200);
  return response.body;
}

/** Every member of the query, page by page through the `next` cursors. */
async function walk(query: Record<string, string | number>): Promise<string[]> {
  const ids: string[] = [];
  let answer = await list(query);
  ids.push(...answer.members.map((member) => member.id));
  while (answer.next) {
    answer = await list({ ...query, cursor: answer.next });
    ids.push(...answer.members.map((member) => member.id));
  }
  return ids;
}

const byJoinedDesc = (a: SeededMember, b: SeededMember) => b.createdAt.getTime() - a.createdAt.getTime();
const compareIds = (a: SeededMember, b: SeededMember) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

describe('the list', () => {
  it('pages through every member newest first, forwards and back, with the total', async () => {
    const first = await list({ limit: 50 });
    expect(first.total).toBe(SEEDED);
    expect(first.members).toHaveLength(50);
    expect(first.previous).toBeUndefined();
    const expected = [...seeded].sort(byJoinedDesc).map((member) => member.id);
    expect(first.members.map((member) => member.id)).toEqual(expected.slice(0, 50));

    const second = await list({ limit: 50, cursor: first.next! });
    expect(second.members.map((member) => member.id)).toEqual(expected.slice(50, 100));
    const back = await list({ limit: 50, cursor: second.previous! });
    expect(back.members.map((member) => member.id)).toEqual(expected.slice(0, 50));
    expect(back.previous).toBeUndefined();

    expect(await walk({ limit: 40 })).toEqual(expected);
    const paged = await list({ limit: 50, page: 3 });
    expect(paged.members.map((member) => member.id)).toEqual(expected.slice(100, 150));
  });

  it('answers each row with its tier, status, renewal and lifetime value', async () => {
    const paying = seeded.find((member) => member.source === 'stripe' && member.status === 'active' && member.lifetimeValue > 0)!;
    const { members } = await list({ q: paying.email });
    expect(members).toEqual([
      {
        id: paying.id,
        name: paying.name,
        email: paying.email,
        tier: { id: siteTiers.gold.id, name: 'Gold' },
        status: 'active',
        source: 'stripe',
        cadence: 'month',
        joined: paying.createdAt.toISOString(),
        renewal: { at: paying.currentPeriodEnd!.toISOString(), cancelAtPeriodEnd: false },
        lifetimeValue: { amount: paying.lifetimeValue, currency: 'usd' },
        compExpiresAt: null,
        labels: [],
        emailDisabled: false,
        emailDisabledReason: null,
      },
    ]);
  });

  it.each([
    ['active', (member: SeededMember) => ['active', 'trialing', 'past_due', 'comped'].includes(member.status)],
    ['paying', (member: SeededMember) => member.source === 'stripe' && ['active', 'past_due'].includes(member.status)],
    ['free', (member: SeededMember) => member.status === 'active' && ['free', 'import'].includes(member.source)],
    ['comped', (member: SeededMember) => member.status === 'comped'],
    ['past_due', (member: SeededMember) => member.status === 'past_due'],
    ['ended', (member: SeededMember) => member.status === 'canceled'],
  ] as const)('filters by status %s', async (status, matches) => {
    const expected = seeded.filter(matches).sort(byJoinedDesc).map((member) => member.id);
    expect(expected.length).toBeGreaterThan(0);
    const answer = await list({ status, limit: 200 });
    expect(answer.total).toBe(expected.length);
    expect(await walk({ status, limit: 100 })).toEqual(expected);
  });

  it('filters by tier and by source, together with a status', async () => {
    const gold = seeded.filter((member) => member.tierId === siteTiers.gold.id);
    expect((await list({ tier: siteTiers.gold.id })).total).toBe(gold.length);
    const imported = seeded.filter((member) => member.source === 'import' && member.status === 'active');
    expect(await walk({ source: 'import', status: 'free', limit: 100 })).toEqual(imported.sort(byJoinedDesc).map((member) => member.id));
  });

  it('searches names and addresses, case-insensitively, as substrings; % and _ are plain characters', async () => {
    const lovelaces = seeded.filter((member) => member.name.includes('Lovelace'));
    const byName = await list({ q: 'lOVELACE', limit: 200 });
    expect(byName.total).toBe(lovelaces.length);
    expect(new Set(byName.members.map((member) => member.id))).toEqual(new Set(lovelaces.map((member) => member.id)));
    const byAddress = await list({ q: 'MEMBER12@' });
    expect(byAddress.members.map((member) => member.email)).toEqual([seeded[11]!.email]);
    expect((await list({ q: '%' })).total).toBe(0);
  });

  it('sorts by name, e-mail, renewal and lifetime value, either way, and pages each sort by cursor', async () => {
    const byName = [...seeded].sort((a, b) => (a.name.toLowerCase() < b.name.toLowerCase() ? -1 : a.name.toLowerCase() > b.name.toLowerCase() ? 1 : compareIds(a, b)));
    expect(await walk({ sort: 'name', order: 'asc', limit: 70 })).toEqual(byName.map((member) => member.id));
    const byEmailDesc = [...seeded].sort((a, b) => (a.email < b.email ? 1 : a.email > b.email ? -1 : -compareIds(a, b)));
    expect(await walk({ sort: 'email', order: 'desc', limit: 70 })).toEqual(byEmailDesc.map((member) => member.id));
    const byValue = [...seeded].sort((a, b) => b.lifetimeValue - a.lifetimeValue || -compareIds(a, b));
    expect(await walk({ sort: 'value', order: 'desc', limit: 70 })).toEqual(byValue.map((member) => member.id));
    const renewalOf = (member: SeededMember) => member.currentPeriodEnd?.getTime() ?? Number.POSITIVE_INFINITY;
    const byRenewal = [...seeded].sort((a, b) => renewalOf(a) - renewalOf(b) || compareIds(a, b));
    expect(await walk({ sort: 'renewal', order: 'asc', limit: 70 })).toEqual(byRenewal.map((member) => member.id));
  });

  it('refuses a cursor made for another order, and a made-up one', async () => {
    const { next } = await list({ sort: 'name', order: 'asc' });
    expect((await creator.client.get(`/api/members?sort=email&cursor=${next}`)).status).toBe(400);
    expect((await creator.client.get('/api/members?cursor=bm9wZQ')).status).toBe(400);
    expect((await creator.client.get('/api/members?status=everyone')).status).toBe(400);
  });
});

describe("another creator's members", () => {
  it('are neither listed nor found', async () => {
    const mine = seeded[0]!;
    expect((await list({}, other)).total).toBe(20);
    expect((await list({ q: mine.email }, other)).total).toBe(0);
    expect((await other.client.get(`/api/members/${mine.id}`)).status).toBe(404);
    expect((await other.patch(`/api/members/${mine.id}`, { note: 'mine now' })).status).toBe(404);
    expect((await other.client.post(`/api/members/${mine.id}/comp`, { tierId: siteTiers.gold.id })).status).toBe(404);
    expect((await sendJson(server, other.client, 'DELETE', `/api/members/${mine.id}`, {})).status).toBe(404);
    expect((await creator.client.get('/api/members/not-a-uuid')).status).toBe(404);
    const [row] = await server.handle.db.select().from(memberships).where(eq(memberships.id, mine.id));
    expect(row).toMatchObject({ note: '', status: mine.status });
  });

  it('cannot be comped onto a tier of mine, nor mine onto theirs', async () => {
    const theirs = await list({ limit: 1 }, other);
    const free = seeded.find((member) => member.status === 'active' && member.source === 'free')!;
    expect((await creator.client.post(`/api/members/${theirs.members[0]!.id}/comp`, { tierId: siteTiers.gold.id })).status).toBe(404);
    const otherGold = (await list({ status: 'comped', limit: 1 }, other)).members[0]!.tier.id;
    expect((await creator.client.post(`/api/members/${free.id}/comp`, { tierId: otherGold })).status).toBe(404);
  });
});

describe('a member', () => {
  it('has a page with their history, newest first, and keeps the note and labels', async () => {
    // A site of its own, so the seeded lists above keep their counts: a fan joins it for free, a minute later the creator comps them.
    const owner = await creatorWithSite(server);
    const ownerTiers = await insertTiers(server.handle.db, owner.siteId);
    const fan = await signUpVerified(server);
    expect((await fan.client.post(`/api/sites/${owner.handle}/join`, { tierId: ownerTiers.free.id })).status).toBe(201);
    const [member] = (await list({}, owner)).members;
    clock.advance(60_000);
    expect((await owner.client.post(`/api/members/${member!.id}/comp`, { tierId: ownerTiers.gold.id })).status).toBe(200);
    const patched = await owner.patch<{ member: MemberDetail }>(`/api/members/${member!.id}`, { note: 'Met at the fair', labels: ['vip', ' fair ', 'vip'], subscribedToEmails: false });
    expect(patched.status, patched.text).toBe(200);
    const read = await owner.client.get<{ member: MemberDetail }>(`/api/members/${member!.id}`);
    expect(read.body.member).toMatchObject({ id: member!.id, email: fan.email, note: 'Met at the fair', labels: ['vip', 'fair'], subscribedToEmails: false, paysThroughStripe: false });
    expect(read.body.member.history.map((event) => [event.kind, event.tierName, event.amount, event.detail])).toEqual([
      ['comped', 'Gold', null, 'Comped on Gold by the creator'],
      ['joined', 'Free', null, 'Free membership started'],
    ]);
    expect((await owner.patch(`/api/members/${member!.id}`, { labels: ['x'.repeat(61)] })).status).toBe(400);
  });

  it('is comped until a date, and the job puts them back on the free tier after it', async () => {
    const member = seeded.find((candidate) => candidate.status === 'active' && candidate.source === 'free')!;
    const comped = await creator.client.post<{ member: MemberDetail }>(`/api/members/${member.id}/comp`, { tierId: siteTiers.gold.id, until: '2026-06-05' });
    expect(comped.status, comped.text).toBe(200);
    expect(comped.body.member).toMatchObject({ status: 'comped', source: 'comp', tier: { name: 'Gold' }, compExpiresAt: '2026-06-05T00:00:00.000Z' });
    expect(comped.body.member.history[0]).toMatchObject({ kind: 'comped', detail: 'Comped on Gold until 2026-06-05 by the creator' });

    expect(await server.services.members.endExpiredComps()).toBe(0);
    clock.advance(4 * 86400_000);
    expect(await server.services.jobs.runDue()).toContain('end-expired-comps');
    const after = await creator.client.get<{ member: MemberDetail }>(`/api/members/${member.id}`);
    expect(after.body.member).toMatchObject({ status: 'active', source: 'free', tier: { id: siteTiers.free.id }, compExpiresAt: null });
    expect(after.body.member.history[0]).toMatchObject({ kind: 'downgraded', detail: 'Comp ended: back on the free tier' });
  });

  it('is comped for good without a date; a date in the past is refused', async () => {
    const member = seeded.find((candidate) => candidate.status === 'canceled')!;
    expect((await creator.client.post(`/api/members/${member.id}/comp`, { tierId: siteTiers.gold.id, until: '2020-01-01' })).status).toBe(400);
    const comped = await creator.client.post<{ member: MemberDetail }>(`/api/members/${member.id}/comp`, { tierId: siteTiers.gold.id });
    expect(comped.body.member).toMatchObject({ status: 'comped', compExpiresAt: null, endedAt: null });
  });

  it('who pays through Stripe is not comped: the creator is told to remove them first', async () => {
    const paying = seeded.find((candidate) => candidate.source === 'stripe' && candidate.status === 'active')!;
    const refused = await creator.client.post<{ error: { code: string; message: string } }>(`/api/members/${paying.id}/comp`, { tierId: siteTiers.gold.id });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'member-pays-through-stripe', message: expect.stringContaining('Remove them') });
  });

  it('who joined free is removed at once, with a history row; removing again changes nothing', async () => {
    const member = seeded.find((candidate) => candidate.status === 'active' && candidate.source === 'import')!;
    const removed = await sendJson<{ member: MemberDetail }>(server, creator.client, 'DELETE', `/api/members/${member.id}`, {});
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body.member).toMatchObject({ status: 'canceled', endedAt: clock.clock().toISOString() });
    expect(removed.body.member.history[0]).toMatchObject({ kind: 'ended', detail: 'Removed by the creator' });
    const again = await sendJson<{ member: MemberDetail }>(server, creator.client, 'DELETE', `/api/members/${member.id}`);
    expect(again.body.member.history.filter((event) => event.kind === 'ended')).toHaveLength(1);
  });

  it('who pays through Stripe cannot be removed while Stripe is not configured, and nothing changes', async () => {
    const paying = seeded.find((candidate) => candidate.source === 'stripe' && candidate.status === 'past_due')!;
    const refused = await sendJson<{ error: { code: string } }>(server, creator.client, 'DELETE', `/api/members/${paying.id}`, { stripe: 'now' });
    expect(refused.status).toBe(503);
    expect(refused.body.error.code).toBe('member-stripe-unavailable');
    const [row] = await server.handle.db.select().from(memberships).where(eq(memberships.id, paying.id));
    expect(row).toMatchObject({ status: 'past_due', endedAt: null, cancelAtPeriodEnd: false });
  });
});

describe('the CSV export', () => {
  it("has Ghost's columns, quotes what needs quoting and defuses formulas", async () => {
    const member = seeded[3]!;
    await creator.patch(`/api/members/${member.id}`, { note: '=HYPERLINK("http://evil.example","x"), and "quotes"\nand a line', labels: ['@home', 'plain'] });
    await server.handle.db.update(users).set({ fullName: '+Plus, Comma' }).where(eq(users.id, member.userId));
    const response = await creator.client.get(`/api/members/export.csv?q=${encodeURIComponent(member.email)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="${creator.handle}-members-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
    const [header, ...rows] = parse(response.text);
    expect(header).toEqual([...EXPORT_COLUMNS]);
    expect(rows).toHaveLength(1);
    const record = Object.fromEntries(EXPORT_COLUMNS.map((column, index) => [column, rows[0]![index]]));
    expect(record).toEqual({
      id: member.id,
      email: member.email,
      name: "'+Plus, Comma",
      note: `'=HYPERLINK("http://evil.example","x"), and "quotes"\nand a line`,
      subscribed_to_emails: 'true',
      complimentary_plan: 'false',
      stripe_customer_id: '',
      created_at: member.createdAt.toISOString(),
      deleted_at: '',
      labels: "'@home,plain",
      tiers: 'Free',
    });
    expect(response.text).toContain('"\'+Plus, Comma"');
  });

  it('honours the filters and streams every member of them, in order', async () => {
    const response = await creator.client.get('/api/members/export.csv?status=ended');
    const [, ...rows] = parse(response.text);
    const ended = await list({ status: 'ended', limit: 200 });
    expect(rows.map((row) => row[0])).toEqual(ended.members.map((member) => member.id));
    expect(rows.every((row) => row[8] !== '')).toBe(true);

    const all = await creator.client.get('/api/members/export.csv');
    expect(parse(all.text)).toHaveLength(SEEDED + 1);
  });

  it('starts sending before the last page is read (chunked, no Content-Length)', async () => {
    const cookie = [...creator.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(new URL('/api/members/export.csv', server.url), { headers: { cookie } });
    expect(response.headers.get('content-length')).toBeNull();
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value).startsWith(EXPORT_COLUMNS.join(','))).toBe(true);
    await reader.cancel();
  });
});

describe('the CSV import', () => {
  const mapping = { email: 'Email Address', name: 'Full Name', note: 'Note', labels: 'Labels', tiers: 'Tier', complimentary_plan: 'Comp' };
  const csvText = () => [
    'Email Address,Full Name,Note,Labels,Tier,Comp',
    'new.one@import.example,New One,"Says ""hi""","a,b",,',
    'not-an-address,Bad Address,,,,',
    `${seeded[5]!.email},Already Here,,,,`,
    'NEW.ONE@import.example,Twice,,,,',
    'gold@import.example,Gold Fan,,,gold,',
    'ghost@import.example,Ghost Tier,,,Platinum,',
    'comp@import.example,Comp Fan,,,,true',
    'short@import.example,Short Row',
    '',
  ].join('\n');

  it('dry run: reports every row it would refuse, with its line and reason, and writes nothing', async () => {
    const response = await creator.client.post<ImportReport>('/api/members/import', { csv: csvText(), mapping, dryRun: true });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      dryRun: true,
      rows: 8,
      create: 3,
      linked: 0,
      refused: [
        { row: 3, email: 'not-an-address', problem: 'invalid-email', message: 'Not a valid e-mail address.' },
        { row: 4, email: seeded[5]!.email, problem: 'already-a-member', message: 'Already a member of your site.' },
        { row: 5, email: 'new.one@import.example', problem: 'duplicate-in-file', message: 'This e-mail appears earlier in the file.' },
        { row: 7, email: 'ghost@import.example', problem: 'unknown-tier', message: 'No tier of yours has this name.' },
        { row: 9, email: 'short@import.example', problem: 'invalid-row', message: 'The row does not have the columns of the header.' },
      ],
    });
    expect(await server.handle.db.select().from(users).where(eq(users.email, 'new.one@import.example'))).toEqual([]);
  });

  it('real run: creates member accounts without passwords and their memberships once, also when run twice', async () => {
    const first = await creator.client.post<ImportReport>('/api/members/import', { csv: csvText(), mapping, dryRun: false });
    expect(first.body).toMatchObject({ dryRun: false, create: 3 });
    const [account] = await server.handle.db.select().from(users).where(eq(users.email, 'new.one@import.example'));
    expect(account).toMatchObject({ role: 'member', passwordHash: null, emailVerified: false, fullName: 'New One' });
    const imported = await list({ source: 'import', q: '@import.example' });
    expect(imported.members.map((member) => [member.email, member.status, member.tier.name]).sort()).toEqual([
      ['comp@import.example', 'comped', 'Gold'],
      ['gold@import.example', 'comped', 'Gold'],
      ['new.one@import.example', 'active', 'Free'],
    ]);
    const detail = await creator.client.get<{ member: MemberDetail }>(`/api/members/${imported.members.find((member) => member.email === 'new.one@import.example')!.id}`);
    expect(detail.body.member).toMatchObject({ note: 'Says "hi"', labels: ['a', 'b'], history: [{ kind: 'imported', detail: 'Imported from CSV' }] });

    const login = await createTestClient(server.url).post('/api/auth/login', { email: 'new.one@import.example', password: 'anything-at-all-1' });
    expect(login.status).toBe(401);

    const second = await creator.client.post<ImportReport>('/api/members/import', { csv: csvText(), mapping, dryRun: false });
    expect(second.body.create).toBe(0);
    expect(second.body.refused.filter((refusal) => refusal.problem === 'already-a-member').map((refusal) => refusal.row)).toEqual([2, 4, 6, 8]);
  });

  it('makes an address that already has an account (another creator) a member on that account, and creates the rest', async () => {
    const [before] = await server.handle.db.select().from(users).where(eq(users.email, other.email.toLowerCase()));
    const csv = ['Email Address,Full Name', `${other.email.toUpperCase()},Someone Else`, 'fresh.fan@import.example,Fresh Fan', ''].join('\n');
    const response = await creator.client.post<ImportReport>('/api/members/import', { csv, mapping: { email: 'Email Address', name: 'Full Name' }, dryRun: false });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ dryRun: false, rows: 2, create: 2, refused: [] });
    const [after] = await server.handle.db.select().from(users).where(eq(users.email, other.email.toLowerCase()));
    // The same account, as it was: its name and role are its own, not the file's.
    expect(after).toEqual(before);
    const found = await list({ source: 'import', q: other.email.toLowerCase() });
    expect(found.members.map((member) => member.email)).toEqual([other.email.toLowerCase()]);
    expect((await list({ source: 'import', q: 'fresh.fan@import.example' })).members.map((member) => member.email)).toEqual(['fresh.fan@import.example']);
  });

  it('takes a text/csv body with the mapping in the query', async () => {
    const body = 'email,name\nplain.text@import.example,Plain Text\n';
    const response = await creator.client.post<ImportReport>(`/api/members/import?dryRun=true&mapping=${encodeURIComponent(JSON.stringify({ email: 'email', name: 'name' }))}`, body, { 'content-type': 'text/csv' });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ dryRun: true, rows: 1, create: 1, refused: [] });
  });

  it('refuses a mapping to a column the file lacks, and a Stripe customer while Stripe is not configured', async () => {
    expect((await creator.client.post('/api/members/import', { csv: csvText(), mapping: { email: 'E-mail' }, dryRun: true })).status).toBe(400);
    const stripeCsv = 'email,stripe_customer_id\nlinked@import.example,cus_123\n';
    const response = await creator.client.post<ImportReport>('/api/members/import', { csv: stripeCsv, mapping: { email: 'email', stripe_customer_id: 'stripe_customer_id' } });
    expect(response.body.refused).toEqual([{ row: 2, email: 'linked@import.example', problem: 'stripe-unavailable', message: expect.any(String) }]);
  });
});
