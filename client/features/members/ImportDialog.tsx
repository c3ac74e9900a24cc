/**
 * Import members from CSV, in steps: choose a file, map its columns to ours
 * (each select prefilled from the header's names), a dry run that lists every
 * row that would be refused and why, then the import and its result. The
 * server parses the file (csv-parse); the browser reads only the header line
 * to offer its column names.
 */
import { useId, useState } from 'react';
import * as membersApi from '../../../common/api/members.ts';
import { useFormSubmit } from '../../app/useFormSubmit.ts';
import { Button } from '../../components/Button.tsx';
import { LiveMessage } from '../../components/LiveMessage.tsx';
import { ModalDialog } from '../../components/ModalDialog.tsx';
import { call } from '../../lib/api.ts';
import { headerNames, guessMapping } from './import-columns.ts';
import { importProblem } from './import-problems.ts';

type Step = { name: 'choose' } | { name: 'map' } | { name: 'checked'; report: membersApi.ImportReport } | { name: 'done'; report: membersApi.ImportReport };

const FIELD_LABELS: Record<membersApi.ImportField, string> = {
  email: 'E-mail (required)',
  name: 'Name',
  note: 'Note',
  labels: 'Labels',
  subscribed_to_emails: 'Subscribed to e-mails',
  complimentary_plan: 'Complimentary plan',
  stripe_customer_id: 'Stripe customer id',
  tiers: 'Tier',
};

export function ImportDialog({ open, onClose, onImported }: { open: boolean; onClose: () => void; onImported: () => void }) {
  const headingId = useId();
  const fileId = useId();
  const [step, setStep] = useState<Step>({ name: 'choose' });
  const [csv, setCsv] = useState('');
  const [columns, setColumns] = useState<string[]>([]);
  const [mapping, setMapping] = useState<membersApi.ImportMapping>({});
  // A file refused before sending is the file field's problem; a refused request is the dialog's.
  const { errors, message, busy, showErrors, clearError, run } = useFormSubmit<'file'>({ fieldIds: { file: fileId }, problemFor: (code) => ({ message: importProblem(code) }) });
  const problem = errors.file ?? message;

  const close = () => {
    setStep({ name: 'choose' });
    setCsv('');
    clearError('file');
    onClose();
  };

  const chooseFile = async (file: File | undefined) => {
    clearError('file');
    if (!file) return;
    if (file.size > membersApi.IMPORT_MAX_BYTES) {
      showErrors({ file: 'This file is larger than 20 MB. Split it and import each part.' });
      return;
    }
    const text = await file.text();
    const names = headerNames(text);
    if (names.length === 0) {
      showErrors({ file: 'This file has no header line. The first line should name the columns.' });
      return;
    }
    setCsv(text);
    setColumns(names);
    setMapping(guessMapping(names));
    setStep({ name: 'map' });
  };

  const send = (dryRun: boolean) =>
    run(async () => {
      const report = await call(membersApi.importMembers, { body: { csv, mapping, dryRun } });
      setStep(dryRun ? { name: 'checked', report } : { name: 'done', report });
      if (!dryRun) onImported();
    });

  return (
    <ModalDialog open={open} onClose={close} labelledBy={headingId} className="import-dialog">
      <h2 id={headingId}>Import members</h2>
      {problem && <LiveMessage tone="error">{problem}</LiveMessage>}

      {step.name === 'choose' && (
        <>
          <p>A CSV file with a header line and one member a line, such as an export from Ghost, Substack or Patreon. Nothing is imported before you have checked it.</p>
          <label htmlFor={fileId} className="field__label">
            CSV file
          </label>
          <input id={fileId} type="file" accept=".csv,text/csv" onChange={(event) => void chooseFile(event.target.files?.[0])} />
        </>
      )}

      {step.name === 'map' && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void send(true);
          }}
        >
          <p>Which column holds what? Leave a field on “Not imported” to skip it.</p>
          <div className="import-dialog__mapping">
            {membersApi.IMPORT_FIELDS.map((field) => (
              <MappingSelect key={field} field={field} columns={columns} value={mapping[field] ?? ''} onChange={(column) => setMapping((current) => ({ ...current, [field]: column || undefined }))} />
            ))}
          </div>
          <div className="import-dialog__actions">
            <Button variant="secondary" type="button" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy || !mapping.email}>
              {busy ? 'Checking…' : 'Check the file'}
            </Button>
          </div>
        </form>
      )}

      {step.name === 'checked' && (
        <>
          <Summary report={step.report} />
          <div className="import-dialog__actions">
            <Button variant="secondary" onClick={() => setStep({ name: 'map' })}>
              Back to the columns
            </Button>
            <Button onClick={() => void send(false)} disabled={busy || step.report.create === 0}>
              {busy ? 'Importing…' : `Import ${step.report.create} ${step.report.create === 1 ? 'member' : 'members'}`}
            </Button>
          </div>
        </>
      )}

      {step.name === 'done' && (
        <>
          <LiveMessage tone="success">{`Imported ${step.report.create} ${step.report.create === 1 ? 'member' : 'members'}${step.report.refused.length > 0 ? `; ${step.report.refused.length} rows were left out` : ''}.`}</LiveMessage>
          <p>New members have no password yet: they sign in with “Forgot password” and your site’s address.</p>
          <div className="import-dialog__actions">
            <Button onClick={close}>Done</Button>
          </div>
        </>
      )}
    </ModalDialog>
  );
}

function MappingSelect({ field, columns, value, onChange }: { field: membersApi.ImportField; columns: string[]; value: string; onChange: (column: string) => void }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="field__label">
        {FIELD_LABELS[field]}
      </label>
      <select id={id} className="field__select" value={value} onChange={(event) => onChange(event.target.value)} required={field === 'email'}>
        <option value="">Not imported</option>
        {columns.map((column) => (
          <option key={column} value={column}>
            {column}
          </option>
        ))}
      </select>
    </div>
  );
}

function Summary({ report }: { report: membersApi.ImportReport }) {
  return (
    <>
      <p role="status">
        {`${report.rows} rows read: ${report.create} would be imported${report.linked > 0 ? ` (${report.linked} linked to their Stripe subscription)` : ''}, ${report.refused.length} would be left out.`}
      </p>
      {report.refused.length > 0 && (
        <div className="import-dialog__refused">
          <table>
            <caption>Rows that would be left out</caption>
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col">E-mail</th>
                <th scope="col">Why</th>
              </tr>
            </thead>
            <tbody>
              {report.refused.map((refusal) => (
                <tr key={`${refusal.row}-${refusal.problem}`}>
                  <td>{refusal.row}</td>
                  <td>{refusal.email || '—'}</td>
                  <td>{refusal.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

