/** The e-mail panel's preview: the post's e-mail as each kind of reader gets it, chosen in the dialog and loaded from the server. */
import { useState } from 'react';
import * as emailApi from '../../../../common/api/email.ts';
import type { EmailVariant } from '../../../../common/email.ts';
import { Button } from '../../../components/Button.tsx';
import { EMAIL_PREVIEW } from '../../../content/post-email.ts';
import { call } from '../../../lib/api.ts';
import { useLoadFor } from '../../../lib/useLoadFor.ts';
import { Dialog } from './Dialog.tsx';

export function EmailPreviewDialog({ postId, open, onClose }: { postId: string; open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} title={EMAIL_PREVIEW.title} className="dialog--wide" onClose={onClose}>
      {/* Mounted while open: each opening shows the e-mail of readers who can read it first. */}
      {open && <PreviewChoices postId={postId} />}
      <div className="dialog__actions">
        <Button variant="secondary" onClick={onClose}>
          {EMAIL_PREVIEW.close}
        </Button>
      </div>
    </Dialog>
  );
}

function PreviewChoices({ postId }: { postId: string }) {
  const [variant, setVariant] = useState<EmailVariant>('full');
  const { loaded } = useLoadFor(variant, (asked, signal) => call(emailApi.previewPostEmail, { params: { id: postId }, query: { variant: asked }, signal }));
  return (
    <>
      <div className="email-preview__choices" role="group" aria-label={EMAIL_PREVIEW.choices}>
        {EMAIL_PREVIEW.variants.map((choice) => (
          <Button key={choice.value} variant={variant === choice.value ? 'primary' : 'secondary'} aria-pressed={variant === choice.value} onClick={() => setVariant(choice.value)}>
            {choice.label}
          </Button>
        ))}
      </div>
      {loaded.state === 'ready' && loaded.data.subject && <p className="email-preview__subject">{EMAIL_PREVIEW.subject(loaded.data.subject)}</p>}
      {loaded.state === 'failed' && <p className="notice notice--error">{EMAIL_PREVIEW.failed}</p>}
      {loaded.state === 'loading' && <p className="post-panel__choice-hint">{EMAIL_PREVIEW.loading}</p>}
      {loaded.state === 'ready' && <iframe className="email-preview__frame" title={EMAIL_PREVIEW.frameTitle} sandbox="" srcDoc={loaded.data.html} />}
    </>
  );
}
