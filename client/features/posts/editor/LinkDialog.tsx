/** The URL of a link: http, https or mailto (a bare domain gets https://); or removing the link. */
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button.tsx';
import { FieldError, describedBy } from '../../../components/FieldError.tsx';
import { Dialog } from './Dialog.tsx';
import { normaliseLink } from './links.ts';

interface LinkDialogProps {
  open: boolean;
  initialUrl: string;
  onApply: (url: string) => void;
  onRemove: () => void;
  onClose: () => void;
  returnFocus: () => void;
}

export function LinkDialog({ open, initialUrl, onApply, onRemove, onClose, returnFocus }: LinkDialogProps) {
  return (
    <Dialog open={open} title={initialUrl ? 'Edit link' : 'Add a link'} onClose={onClose} returnFocus={returnFocus}>
      <LinkForm initialUrl={initialUrl} onApply={onApply} onRemove={onRemove} onClose={onClose} />
    </Dialog>
  );
}

function LinkForm({ initialUrl, onApply, onRemove, onClose }: Omit<LinkDialogProps, 'open' | 'returnFocus'>) {
  const [url, setUrl] = useState(initialUrl);
  const [error, setError] = useState<string>();
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const normalised = normaliseLink(url);
    if (!normalised) {
      setError('Enter a web address (https://…) or an email link (mailto:…).');
      return;
    }
    onApply(normalised);
  };

  return (
    <form onSubmit={submit} noValidate>
      <div className="field">
        <label className="field__label" htmlFor={id}>
          URL
        </label>
        <input
          id={id}
          className="field__input"
          type="url"
          inputMode="url"
          placeholder="https://example.com"
          value={url}
          // The dialog opens for this one field.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, { hasHint: false, error })}
          onChange={(event) => {
            setUrl(event.target.value);
            setError(undefined);
          }}
        />
        <FieldError fieldId={id} message={error} />
      </div>
      <div className="dialog__actions">
        {initialUrl && (
          <Button variant="ghost" onClick={onRemove} className="dialog__action-start">
            Remove link
          </Button>
        )}
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit">Apply</Button>
      </div>
    </form>
  );
}
