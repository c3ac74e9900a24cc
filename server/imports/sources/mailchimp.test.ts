import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadsFolder, zipBytes } from '../../../tests/support/zip-fixtures.ts';
import { AppError } from '../../errors.ts';
import { readMailchimpExport } from './mailchimp.ts';

let uploads: Awaited<ReturnType<typeof uploadsFolder>>;
beforeAll(async () => {
  uploads = await uploadsFolder();
});
afterAll(() => uploads.remove());

/** Mailchimp's audience export columns, as its CSVs have them. */
const COLUMNS = '"Email Address","First Name","Last Name",MEMBER_RATING,OPTIN_TIME,OPTIN_IP,CONFIRM_TIME,CONFIRM_IP,LATITUDE,LONGITUDE,GMTOFF,DSTOFF,TIMEZONE,CC,REGION,LAST_CHANGED,LEID,EUID,NOTES,TAGS';
const line = (email: string, first: string, last: string, optin: string, confirm: string, tags: string) =>
  `${email},${first},${last},2,"${optin}",,"${confirm}",,,,,,,,,"2024-01-01 00:00:00",1,abc,,"${tags.replace(/"/g, '""')}"`;

const subscribed = [
  COLUMNS,
  line('ada@example.com', 'Ada', 'Lovelace', '2023-01-01 09:00:00', '2023-01-01 09:05:00', '"Early reader","Podcast"'),
  line('grace@example.com', 'Grace', '', '2023-02-01 09:00:00', '', ''),
  line('gone@example.com', 'Also', 'Subscribed', '2023-03-01 09:00:00', '', ''),
  line('', 'No', 'Address', '', '', ''),
].join('\n');
const unsubscribed = `${COLUMNS},UNSUB_TIME,UNSUB_CAMPAIGN_TITLE,UNSUB_CAMPAIGN_ID,UNSUB_REASON,UNSUB_REASON_OTHER\n${line('gone@example.com', 'Gone', '', '2022-01-01 09:00:00', '', '')},"2024-02-01 00:00:00",May,1,"No longer interested",`;
const cleaned = `${COLUMNS},CLEAN_TIME,CLEAN_CAMPAIGN_TITLE,CLEAN_CAMPAIGN_ID\n${line('bounced@example.com', 'Bounce', 'Back', '2022-01-01 09:00:00', '', '')},"2024-03-01 00:00:00",April,2`;

const nonsubscribed = `${COLUMNS}\n${line('shop@example.com', 'Shop', 'Buyer', '', '', '')}`;

describe('readMailchimpExport', () => {
  it('reads the audience zip: tags become labels, unsubscribed, cleaned and nonsubscribed come in with newsletters off, nobody pays', async () => {
    const zip = await zipBytes({
      'subscribed_members_export_1a2b3c.csv': subscribed,
      'unsubscribed_members_export_1a2b3c.csv': unsubscribed,
      'cleaned_members_export_1a2b3c.csv': cleaned,
      'nonsubscribed_members_export_1a2b3c.csv': nonsubscribed,
    });
    const bundle = await readMailchimpExport({ filePath: await uploads.write('audience.zip', zip), fileName: 'audience.zip' });
    expect(bundle.source).toBe('mailchimp');
    expect(bundle.members).toEqual([
      {
        email: 'bounced@example.com', name: 'Bounce Back', where: 'cleaned_members_export_1a2b3c.csv line 2',
        createdAt: new Date('2022-01-01T09:00:00Z'), subscribedToEmails: false, paid: false,
      },
      expect.objectContaining({ email: 'gone@example.com', name: 'Gone', subscribedToEmails: false, where: 'unsubscribed_members_export_1a2b3c.csv line 2' }),
      // Never asked to be mailed, nor not to be: a member already here keeps their newsletters (check-members.ts).
      expect.objectContaining({ email: 'shop@example.com', subscribedToEmails: false, neverSubscribed: true }),
      {
        email: 'ada@example.com', name: 'Ada Lovelace', where: 'subscribed_members_export_1a2b3c.csv line 2',
        createdAt: new Date('2023-01-01T09:05:00Z'), subscribedToEmails: true, paid: false, labels: ['Early reader', 'Podcast'],
      },
      expect.objectContaining({ email: 'grace@example.com', name: 'Grace', createdAt: new Date('2023-02-01T09:00:00Z'), subscribedToEmails: true }),
    ]);
    expect(bundle.problems).toEqual([
      { where: 'subscribed_members_export_1a2b3c.csv line 4', message: 'gone@example.com is already on unsubscribed_members_export_1a2b3c.csv line 2; only the first is kept.' },
      { where: 'subscribed_members_export_1a2b3c.csv line 5', message: 'This row has no e-mail address; it is left out.' },
    ]);
    await bundle.close();
  });

  it('reads one CSV alone, its list told by its name or else taken as subscribed', async () => {
    const alone = await readMailchimpExport({ filePath: await uploads.write('a.csv', unsubscribed), fileName: 'unsubscribed_members_export_9z.csv' });
    expect(alone.members.map((member) => [member.email, member.subscribedToEmails])).toEqual([['gone@example.com', false]]);
    const renamed = await readMailchimpExport({ filePath: await uploads.write('b.csv', subscribed), fileName: 'my list.csv' });
    expect(renamed.members.map((member) => [member.email, member.subscribedToEmails])).toEqual([
      ['ada@example.com', true],
      ['grace@example.com', true],
      ['gone@example.com', true],
    ]);
  });

  it('refuses a zip without an audience CSV, and a CSV without an address column', async () => {
    const zip = await uploads.write('other.zip', await zipBytes({ 'posts.csv': 'post_id\n1.a\n' }));
    await expect(readMailchimpExport({ filePath: zip, fileName: 'other.zip' })).rejects.toThrow(/not a Mailchimp audience export/);
    const error = await readMailchimpExport({ filePath: await uploads.write('c.csv', 'Email,Name\na@example.com,A\n'), fileName: 'c.csv' }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toBe('“c.csv” has no column “Email Address”: it is not a Mailchimp audience export.');
  });
});
