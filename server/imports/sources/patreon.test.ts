import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadsFolder } from '../../../tests/support/zip-fixtures.ts';
import { AppError } from '../../errors.ts';
import { readPatreonCsv } from './patreon.ts';

let uploads: Awaited<ReturnType<typeof uploadsFolder>>;
beforeAll(async () => {
  uploads = await uploadsFolder();
});
afterAll(() => uploads.remove());

/** Patreon's members export, with its columns as Patreon writes them (most of them). */
const HEADER =
  'Name,Email,Twitter,Discord,Patron Status,Follows You,Lifetime Amount,Pledge Amount,Charge Frequency,Tier,Addressee,Street,City,State,Zip,Country,Phone,Patronage Since Date,Last Charge Date,Last Charge Status,Additional Details,User ID,Last Updated,Currency,Max Posts,Access Expiration,Next Charge Date,Free Member';

const row = (cells: { name: string; email: string; status: string; pledge?: string; tier?: string; since?: string; next?: string; free?: string }) =>
  [
    cells.name, cells.email, '', '', cells.status, 'Yes', '60.00', cells.pledge ?? '5.00', 'monthly', cells.tier ?? '', '', '', '', '', '', '', '',
    cells.since ?? '2023-02-01 10:00:00.000000', '2024-05-01 10:00:00.000000', 'Paid', '', '1234', '2024-05-01 10:00:00', 'USD', '', '', cells.next ?? '', cells.free ?? 'No',
  ].map((cell) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(',');

describe('readPatreonCsv', () => {
  it('brings active patrons as paid on their tier until the next charge, the others as free members', async () => {
    const csv = [
      HEADER,
      row({ name: 'Gold Patron', email: ' Gold@Example.com ', status: 'Active patron', tier: 'Gold', next: '2024-06-01 10:00:00.000000' }),
      row({ name: 'Former', email: 'former@example.com', status: 'Former patron', tier: 'Gold' }),
      row({ name: 'Declined', email: 'declined@example.com', status: 'Declined patron', tier: 'Silver' }),
      row({ name: 'Free', email: 'free@example.com', status: 'Active patron', pledge: '0.00', tier: 'Free', free: 'Yes' }),
      row({ name: 'Again', email: 'gold@example.com', status: 'Active patron', tier: 'Silver' }),
      row({ name: 'Nobody', email: '', status: 'Active patron', tier: 'Gold' }),
      row({ name: '=HYPERLINK("https://evil.example","x")', email: 'not an address', status: 'Active patron' }),
    ].join('\n');
    const bundle = await readPatreonCsv({ filePath: await uploads.write('members.csv', csv), fileName: 'members.csv' });
    expect(bundle.source).toBe('patreon');
    expect(bundle.posts).toEqual([]);
    expect(bundle.members).toEqual([
      {
        email: 'gold@example.com', name: 'Gold Patron', where: 'members.csv line 2', createdAt: new Date('2023-02-01T10:00:00Z'),
        subscribedToEmails: true, paid: true, plan: 'Gold', compUntil: new Date('2024-06-01T10:00:00Z'),
      },
      expect.objectContaining({ email: 'former@example.com', paid: false, note: 'Patreon: Former patron' }),
      expect.objectContaining({ email: 'declined@example.com', paid: false, note: 'Patreon: Declined patron' }),
      expect.objectContaining({ email: 'free@example.com', paid: false }),
      expect.objectContaining({ email: 'not an address', name: '=HYPERLINK("https://evil.example","x")', paid: true, plan: 'Patrons without a tier', compUntil: null }),
    ]);
    expect(bundle.members[1]?.plan).toBeUndefined();
    expect(bundle.problems).toEqual([
      { where: 'members.csv line 6', message: 'gold@example.com is already on members.csv line 2; only the first is kept.' },
      { where: 'members.csv line 7', message: 'This row has no e-mail address; it is left out.' },
      { where: 'members.csv', message: "3 declined, former or free patrons come in as free members: Patreon's payments cannot move." },
    ]);
    expect(await bundle.openEntry('anything')).toBeUndefined();
    await bundle.close();
  });

  it('refuses a CSV that is not Patreon’s, naming the columns it lacks', async () => {
    const mailchimp = 'Email Address,First Name,Last Name\nada@example.com,Ada,Lovelace\n';
    const error = await readPatreonCsv({ filePath: await uploads.write('audience.csv', mailchimp), fileName: 'audience.csv' }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('invalid-import');
    expect((error as AppError).message).toBe('“audience.csv” has no column “Email”, “Patron Status”: it is not a Patreon members export.');
  });
});
