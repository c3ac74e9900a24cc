/**
 * "Undo import", offered while the import can still be undone: it asks first
 * (what goes and what stays), then POST /api/imports/:id/undo, and hands the
 * undone import back. Used under a finished import and in the earlier list.
 */
import { useState } from 'react';
import { undoImport, type ImportView } from '../../../../common/api/imports.ts';
import { useFormSubmit } from '../../../app/useFormSubmit.ts';
import { Button } from '../../../components/Button.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { IMPORT_COPY, importProblem } from '../../../content/imports.ts';
import { call } from '../../../lib/api.ts';

/** Whether "Undo" is still offered: a finished run whose window has not closed. */
export function canUndo(view: Pick<ImportView, 'status' | 'undoUntil'>, now: number): boolean {
  return (view.status === 'done' || view.status === 'failed') && view.undoUntil !== null && Date.parse(view.undoUntil) > now;
}

/** `accessibleName` tells one Undo from another in a list ("Undo import of fans.csv"). */
export function UndoImportButton({ view, accessibleName, onUndone }: { view: ImportView; accessibleName?: string; onUndone: (view: ImportView) => void }) {
  const [asking, setAsking] = useState(false);
  const form = useFormSubmit<never>({ fieldIds: {}, problemFor: (code) => ({ message: importProblem(code) }) });
  const confirm = () =>
    void form.run(async () => {
      const answer = await call(undoImport, { params: { id: view.id } });
      setAsking(false);
      onUndone(answer.import);
    });
  return (
    <>
      <Button variant="secondary" aria-label={accessibleName} onClick={() => setAsking(true)}>
        {IMPORT_COPY.undo}
      </Button>
      <ConfirmDialog
        open={asking}
        title={IMPORT_COPY.undoQuestion}
        confirmLabel={IMPORT_COPY.undo}
        danger
        busy={form.busy}
        error={form.message}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      >
        <p className="confirm-dialog__text">{IMPORT_COPY.undoBody}</p>
      </ConfirmDialog>
    </>
  );
}
