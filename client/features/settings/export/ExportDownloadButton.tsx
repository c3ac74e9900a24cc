/**
 * "Download (123 MB)": the link an export answers with lives minutes and is
 * the creator's alone, so the click asks for the export again
 * (GET /api/exports/:id, which signs a fresh link) and the browser follows
 * that link at once; a link shown on a page left open would have expired.
 */
import { getExport, type ExportView } from '../../../../common/api/exports.ts';
import { useFormSubmit } from '../../../app/useFormSubmit.ts';
import { BusyButton } from '../../../components/BusyButton.tsx';
import { LiveMessage } from '../../../components/LiveMessage.tsx';
import { downloadLabel, exportProblem } from '../../../content/exports.ts';
import { call } from '../../../lib/api.ts';
import { formatBytes } from '../../media/uploads/format.ts';

export function ExportDownloadButton({ view, accessibleName }: { view: ExportView; accessibleName?: string }) {
  const form = useFormSubmit<never>({ fieldIds: {}, problemFor: (code) => ({ message: exportProblem(code) }) });
  const download = () =>
    void form.run(async () => {
      const answer = await call(getExport, { params: { id: view.id } });
      if (!answer.export.url) throw new Error('The export has no download link.');
      window.location.assign(answer.export.url);
    });
  return (
    <div className="export-download">
      <BusyButton busy={form.busy} aria-label={accessibleName} onClick={download}>
        {downloadLabel(view.bytes === undefined ? undefined : formatBytes(view.bytes))}
      </BusyButton>
      <LiveMessage tone="error">{form.message}</LiveMessage>
    </div>
  );
}
