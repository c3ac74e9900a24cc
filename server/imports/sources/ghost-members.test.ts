/**
 * The Ghost reader on members: Ghost's members CSV as Members › Export writes it (with and without
 * the newer `status` column), alone or in a zip beside the JSON export; paid, comped, deleted,
 * duplicate and address-less rows; and files that are neither refused in plain words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadsFolder, zipBytes } from '../../../tests/support/zip-fixtures.ts';
import { readGhostExport } from './ghost.ts';
import type { SourceMember } from './source-bundle.ts';

/** Ghost 5's export: labels and tiers are names joined by commas, quoted by the CSV writer when there are several. */
const GHOST_CSV = [
  'id,email,name,note,subscribed_to_emails,complimentary_plan,stripe_customer_id,created_at,deleted_at,labels,tiers',
  '6389f1a1e4b0c3001a2b3c01,Ada@Example.com ,Ada Lovelace,Met at the conference,true,false,cus_Ada123,2022-12-02T12:34:56.000Z,,"VIP, Early reader",Gold',
  '6389f1a1e4b0c3001a2b3c02,grace@example.com,Grace Hopper,,false,true,,2023-01-04T08:00:00.000Z,,,"Silver,Gold"',
  '6389f1a1e4b0c3001a2b3c03,alan@example.com,,,true,false,,2023-02-01T00:00:00.000Z,,,',
  '6389f1a1e4b0c3001a2b3c04,gone@example.com,Gone,,true,false,,2023-02-01T00:00:00.000Z,2023-03-01T00:00:00.000Z,,',
  '6389f1a1e4b0c3001a2b3c05,ada@example.com,Ada Again,,true,false,,2023-02-01T00:00:00.000Z,,,',
  '6389f1a1e4b0c3001a2b3c06,,No Address,,true,false,,2023-02-01T00:00:00.000Z,,,',
  '6389f1a1e4b0c3001a2b3c07,old-comp@example.com,Old Comp,,true,true,cus_Comp1,2021-06-01T00:00:00.000Z,,,',
].join('\r\n');

/** A newer export: `status` says free, paid or comped, whatever else the row names. */
const STATUS_CSV = [
  'id,email,name,note,subscribed_to_emails,complimentary_plan,stripe_customer_id,created_at,deleted_at,labels,tiers,status',
  'a1,paid@example.com,Paid,,true,false,cus_Paid,2024-01-01T00:00:00.000Z,,,Gold,paid',
  'a2,lapsed@example.com,Lapsed,,true,false,cus_Lapsed,2024-01-01T00:00:00.000Z,,,,free',
  'a3,comped@example.com,Comped,,true,false,,2024-01-01T00:00:00.000Z,,,Gold,comped',
].join('\n');

const EXPORT_JSON = JSON.stringify({
  db: [{ meta: { version: '5.82.0' }, data: { posts: [{ id: 'p1', title: 'Hello', slug: 'hello', html: '<p>Hi</p>', status: 'published', visibility: 'public', published_at: '2024-05-01T10:00:00.000Z' }], tags: [], posts_tags: [] } }],
});

let uploads: Awaited<ReturnType<typeof uploadsFolder>>;
beforeAll(async () => {
  uploads = await uploadsFolder();
});
afterAll(() => uploads.remove());

async function read(name: string, content: string | Buffer) {
  return readGhostExport({ filePath: await uploads.write(name, content), fileName: name, sourceUrl: 'https://old.example.com' });
}

const byEmail = (members: SourceMember[], email: string) => members.find((member) => member.email === email);

describe('readGhostExport: members', () => {
  it('reads Ghost’s members CSV alone: paid by a Stripe customer, comped on its first tier, labels, notes and newsletters', async () => {
    const bundle = await read('members.csv', `\ufeff${GHOST_CSV}`);
    expect(bundle.source).toBe('ghost');
    expect(bundle.posts).toEqual([]);
    expect(bundle.members.map((member) => member.email)).toEqual(['ada@example.com', 'grace@example.com', 'alan@example.com', 'old-comp@example.com']);
    expect(byEmail(bundle.members, 'ada@example.com')).toEqual({
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      where: 'members.csv line 2',
      createdAt: new Date('2022-12-02T12:34:56.000Z'),
      subscribedToEmails: true,
      paid: true,
      plan: 'Gold',
      stripeCustomerId: 'cus_Ada123',
      note: 'Met at the conference',
      labels: ['VIP', 'Early reader'],
    });
    expect(byEmail(bundle.members, 'grace@example.com')).toMatchObject({ paid: false, comped: true, plan: 'Silver', subscribedToEmails: false });
    const free = byEmail(bundle.members, 'alan@example.com');
    expect(free).toMatchObject({ paid: false, name: '' });
    expect(free).not.toHaveProperty('plan');
    expect(free).not.toHaveProperty('comped');
    // Ghost 3 and 4 comped through a Stripe subscription of no price: complimentary_plan wins over the customer.
    expect(byEmail(bundle.members, 'old-comp@example.com')).toMatchObject({ paid: false, comped: true, plan: 'Complimentary', stripeCustomerId: 'cus_Comp1' });
    expect(bundle.problems).toEqual([
      { where: 'members.csv line 5', message: 'gone@example.com was deleted in Ghost; they are left out.' },
      { where: 'members.csv line 6', message: 'ada@example.com is already on members.csv line 2; only the first is kept.' },
      { where: 'members.csv line 7', message: 'This row has no e-mail address; it is left out.' },
    ]);
  });

  it('takes the newer status column as Ghost’s word on who pays and who is comped', async () => {
    const { members } = await read('members-status.csv', STATUS_CSV);
    expect(byEmail(members, 'paid@example.com')).toMatchObject({ paid: true, plan: 'Gold', stripeCustomerId: 'cus_Paid' });
    expect(byEmail(members, 'lapsed@example.com')).toMatchObject({ paid: false, stripeCustomerId: 'cus_Lapsed' });
    expect(byEmail(members, 'lapsed@example.com')).not.toHaveProperty('comped');
    expect(byEmail(members, 'comped@example.com')).toMatchObject({ paid: false, comped: true, plan: 'Gold' });
  });

  it('reads a zip of the JSON export and the members CSV: posts and members together, an unrelated CSV named and left out', async () => {
    const zip = await zipBytes({
      'ghost-export/my-site.ghost.2024-05-01-10-00-00.json': EXPORT_JSON,
      'ghost-export/members.2024-05-01.csv': GHOST_CSV,
      'ghost-export/notes.csv': 'title,words\nA,B\n',
      '__MACOSX/ghost-export/._members.2024-05-01.csv': 'mac',
    });
    const bundle = await read('ghost.zip', zip);
    expect(bundle.posts.map((post) => [post.key, post.html, post.oldPaths])).toEqual([['p1', '<p>Hi</p>', ['/hello/']]]);
    expect(bundle.members).toHaveLength(4);
    expect(byEmail(bundle.members, 'ada@example.com')).toMatchObject({ paid: true, where: 'ghost-export/members.2024-05-01.csv line 2' });
    expect(bundle.problems).toContainEqual({ where: 'ghost-export/notes.csv', message: 'This CSV is not Ghost’s members export; it is left out.' });
    expect(bundle.problems).toContainEqual({ where: 'ghost-export/members.2024-05-01.csv line 5', message: 'gone@example.com was deleted in Ghost; they are left out.' });
  });

  it('reads a zip holding only the members CSV', async () => {
    const bundle = await read('members.zip', await zipBytes({ 'members.csv': STATUS_CSV }));
    expect(bundle.posts).toEqual([]);
    expect(bundle.members.map((member) => member.email)).toEqual(['paid@example.com', 'lapsed@example.com', 'comped@example.com']);
  });

  it('refuses a CSV that is not Ghost’s, and zips that hold no Ghost file or two of one kind, in plain words', async () => {
    const substackList = 'email,active_subscription,expiry,plan,email_disabled,created_at\nada@example.com,true,,monthly,false,2024-01-01\n';
    await expect(read('email_list.csv', substackList)).rejects.toMatchObject({ code: 'invalid-import', status: 400, message: expect.stringContaining('This CSV is not Ghost’s members export') });
    await expect(read('patrons.csv', 'Name,Email,Patron Status,Tier\nAda,ada@example.com,Active patron,Gold\n')).rejects.toMatchObject({
      message: expect.stringContaining('This CSV is not Ghost’s members export'),
    });
    await expect(read('other.zip', await zipBytes({ 'list.csv': substackList, 'readme.txt': 'hello' }))).rejects.toMatchObject({
      code: 'invalid-import',
      message: expect.stringContaining('The archive holds neither a Ghost export nor Ghost’s members CSV.'),
    });
    await expect(read('two.zip', await zipBytes({ 'a.json': EXPORT_JSON, 'b.json': EXPORT_JSON }))).rejects.toMatchObject({
      message: 'The archive holds more than one JSON file (a.json, b.json); a Ghost import takes one.',
    });
    await expect(read('two-csv.zip', await zipBytes({ 'a.csv': GHOST_CSV, 'b.csv': STATUS_CSV }))).rejects.toMatchObject({
      message: 'The archive holds more than one members CSV (a.csv, b.csv); a Ghost import takes one.',
    });
  });
});
