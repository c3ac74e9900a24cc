/**
 * The uploads in flight, each with its progress (a <progress> and the bytes in
 * words) and its buttons; the files refused before upload with the reason;
 * and the unfinished uploads of an earlier visit, which continue when their
 * file is chosen again (the browser cannot reopen a file by itself).
 */
import { useRef, useState } from 'react';
import { Button } from '../../../components/Button.tsx';
import { KIND_LABELS, UPLOAD_COPY } from '../../../content/media.ts';
import { formatBytes, percentOf } from './format.ts';
import { ACCEPT_ATTRIBUTE } from './upload-checks.ts';
import type { UploadQueue } from './upload-queue.ts';
import type { UnfinishedUpload, UploadItem, UploadQueueState } from './upload-queue-state.ts';
import './upload-queue-list.css';

function phaseText(item: UploadItem): string {
  switch (item.phase) {
    case 'starting':
      return UPLOAD_COPY.waiting;
    case 'uploading':
      return `${percentOf(item.bytesSent, item.bytesTotal)}%`;
    case 'retrying':
      return UPLOAD_COPY.offline;
    case 'paused':
      return UPLOAD_COPY.paused;
    case 'failed':
      return item.error ?? UPLOAD_COPY.retry;
    case 'done':
      return UPLOAD_COPY.done;
    case 'cancelled':
      return UPLOAD_COPY.cancelled;
  }
}

function UploadRow({ item, queue }: { item: UploadItem; queue: UploadQueue }) {
  const finished = item.phase === 'done' || item.phase === 'cancelled';
  return (
    <li className={`upload-row upload-row--${item.phase}`}>
      <div className="upload-row__head">
        <span className="upload-row__name">{item.name}</span>
        <span className="upload-row__kind">
          {KIND_LABELS[item.kind]}
          {item.resumed && ` · ${UPLOAD_COPY.continued}`}
        </span>
      </div>
      <progress
        className="upload-row__bar"
        max={item.bytesTotal}
        value={item.phase === 'cancelled' ? 0 : item.bytesSent}
        aria-label={`Upload of ${item.name}`}
        aria-valuetext={`${percentOf(item.bytesSent, item.bytesTotal)}%`}
      />
      <div className="upload-row__foot">
        <span className="upload-row__bytes">
          {formatBytes(item.bytesSent)} of {formatBytes(item.bytesTotal)}
        </span>
        <span className={`upload-row__phase${item.phase === 'failed' ? ' upload-row__phase--failed' : ''}`} aria-live="polite">
          {phaseText(item)}
        </span>
      </div>
      <div className="upload-row__actions">
        {(item.phase === 'uploading' || item.phase === 'starting' || item.phase === 'retrying') && (
          <Button variant="secondary" onClick={() => queue.pause(item.key)} aria-label={`${UPLOAD_COPY.pause} ${item.name}`}>
            {UPLOAD_COPY.pause}
          </Button>
        )}
        {item.phase === 'paused' && (
          <Button variant="secondary" onClick={() => queue.resume(item.key)} aria-label={`${UPLOAD_COPY.resume} ${item.name}`}>
            {UPLOAD_COPY.resume}
          </Button>
        )}
        {item.phase === 'failed' && (
          <Button variant="secondary" onClick={() => queue.resume(item.key)} aria-label={`${UPLOAD_COPY.retry}: ${item.name}`}>
            {UPLOAD_COPY.retry}
          </Button>
        )}
        {!finished && (
          <Button variant="ghost" onClick={() => queue.cancel(item.key)} aria-label={`${UPLOAD_COPY.cancel} ${item.name}`}>
            {UPLOAD_COPY.cancel}
          </Button>
        )}
        {finished && (
          <Button variant="ghost" onClick={() => queue.dismiss(item.key)} aria-label={`${UPLOAD_COPY.dismiss} ${item.name}`}>
            {UPLOAD_COPY.dismiss}
          </Button>
        )}
      </div>
    </li>
  );
}

function UnfinishedList({ unfinished, queue, maxBytes }: { unfinished: UnfinishedUpload[]; queue: UploadQueue; maxBytes: number }) {
  const input = useRef<HTMLInputElement>(null);
  const [target, setTarget] = useState<UnfinishedUpload>();
  return (
    <section className="upload-unfinished" aria-labelledby="upload-unfinished-heading">
      <h3 id="upload-unfinished-heading" className="upload-unfinished__heading">
        {UPLOAD_COPY.previousHeading}
      </h3>
      <p className="upload-unfinished__help">{UPLOAD_COPY.previousHelp}</p>
      <ul className="upload-unfinished__list">
        {unfinished.map((entry) => (
          <li key={entry.storageKey} className="upload-unfinished__item">
            <span className="upload-row__name">{entry.name}</span>
            <span className="upload-row__bytes">{formatBytes(entry.bytesTotal)}</span>
            <span className="upload-row__actions">
              <Button
                variant="secondary"
                aria-label={`${UPLOAD_COPY.previousChoose}: ${entry.name}`}
                onClick={() => {
                  setTarget(entry);
                  input.current?.click();
                }}
              >
                {UPLOAD_COPY.previousChoose}
              </Button>
              <Button variant="ghost" aria-label={`${UPLOAD_COPY.previousDiscard} ${entry.name}`} onClick={() => queue.discardUnfinished(entry)}>
                {UPLOAD_COPY.previousDiscard}
              </Button>
            </span>
          </li>
        ))}
      </ul>
      <input
        ref={input}
        className="visually-hidden"
        type="file"
        accept={ACCEPT_ATTRIBUTE}
        tabIndex={-1}
        aria-hidden="true"
        data-testid="unfinished-file-input"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file && target) queue.resumeUnfinished(target, file, maxBytes);
        }}
      />
    </section>
  );
}

export function UploadQueueList({ state, queue, maxBytes }: { state: UploadQueueState; queue: UploadQueue; maxBytes: number }) {
  const { items, refused, unfinished } = state;
  if (items.length === 0 && refused.length === 0 && unfinished.length === 0) return null;
  return (
    <div className="upload-queue">
      {refused.length > 0 && (
        <div role="alert">
          <ul className="upload-refused">
          {refused.map((file) => (
            <li key={file.key} className="upload-refused__item">
              <span>
                <strong className="upload-row__name">{file.name}</strong>: {file.reason}
              </span>
              <Button variant="ghost" onClick={() => queue.dismiss(file.key)} aria-label={`${UPLOAD_COPY.dismiss} ${file.name}`}>
                {UPLOAD_COPY.dismiss}
              </Button>
            </li>
          ))}
          </ul>
        </div>
      )}
      {items.length > 0 && (
        <ul className="upload-queue__list">
          {items.map((item) => (
            <UploadRow key={item.key} item={item} queue={queue} />
          ))}
        </ul>
      )}
      {unfinished.length > 0 && <UnfinishedList unfinished={unfinished} queue={queue} maxBytes={maxBytes} />}
    </div>
  );
}
