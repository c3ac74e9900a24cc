import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { cellDate, cellTrue, csvColumns, readCsv } from './read-csv.ts';

describe('readCsv', () => {
  it('finds columns by name whatever their case, spacing or order, and keeps cells as text', () => {
    const text = '\ufeffFirst Name,EMAIL ADDRESS,Tags\r\nAda,ada@example.com,"=HYPERLINK(""https://evil.example"",""click"")"\r\n\r\nGrace,grace@example.com,+1\r\n';
    const sheet = readCsv(text, 'subscribed.csv', ['email_address'], 'a Mailchimp audience export');
    expect(sheet.problems).toEqual([]);
    expect(sheet.rows.map((row) => [row.line, row.cell('Email Address'), row.cell('first_name'), row.cell('TAGS')])).toEqual([
      [2, 'ada@example.com', 'Ada', '=HYPERLINK("https://evil.example","click")'],
      [4, 'grace@example.com', 'Grace', '+1'],
    ]);
    expect(sheet.rows[0]?.cell('Phone Number')).toBe('');
    expect(sheet.has('first name')).toBe(true);
    expect(sheet.has('phone')).toBe(false);
  });

  it('names the columns a file lacks', () => {
    const attempt = () => readCsv('Name,Email Address\nA,a@example.com\n', 'members.csv', ['Email', 'Patron Status'], 'a Patreon members export');
    expect(attempt).toThrow(AppError);
    expect(attempt).toThrow('“members.csv” has no column “Email”, “Patron Status”: it is not a Patreon members export.');
  });

  it('leaves out a row with a cell over 1 MB and reads on', () => {
    const huge = 'x'.repeat(1024 * 1024 + 1);
    const sheet = readCsv(`email,name\na@example.com,A\nb@example.com,"${huge}"\nd@example.com,D\n`, 'list.csv', ['email'], 'a list');
    expect(sheet.rows.map((row) => row.cell('email'))).toEqual(['a@example.com', 'd@example.com']);
    expect(sheet.problems).toEqual([{ where: 'list.csv line 3', message: 'A cell of this row is longer than 1 MB; the row is left out.' }]);
  });

  it('refuses a file whose quote does not close, at its line: every later row would be lost unseen', () => {
    const attempt = () => readCsv('email,name\na@example.com,A\nc@example.com,"C"x\nd@example.com,D\n', 'list.csv', ['email'], 'a list');
    expect(attempt).toThrow(AppError);
    expect(attempt).toThrow('“list.csv” line 3: a quote does not close, so the file cannot be read past it.');
  });
});

describe('cells', () => {
  it('reads the header alone, dates as the sources write them, and yes or no', () => {
    expect(csvColumns('Email,Stripe Connected Customer Id\na,b')).toEqual(['email', 'stripe_connected_customer_id']);
    expect(cellDate('2024-05-01T12:30:00.000Z')?.toISOString()).toBe('2024-05-01T12:30:00.000Z');
    expect(cellDate('2024-05-01 12:30:00.123456')?.toISOString()).toBe('2024-05-01T12:30:00.123Z');
    expect(cellDate('2024-05-01 12:30:00+0200')?.toISOString()).toBe('2024-05-01T10:30:00.000Z');
    expect(cellDate('2024-05-01')?.toISOString()).toBe('2024-05-01T00:00:00.000Z');
    expect(cellDate('next week')).toBeNull();
    expect(cellDate('')).toBeNull();
    expect([cellTrue('TRUE'), cellTrue('yes'), cellTrue('false'), cellTrue('')]).toEqual([true, true, false, false]);
  });
});
