/** Step 3: avatar and banner, each cropped to shape and uploaded as it is chosen; skippable. */
import type { FormEvent } from 'react';
import { useState } from 'react';
import { LiveMessage } from '../../../components/LiveMessage.tsx';
import { ImagePicker } from '../../sites/ImagePicker.tsx';
import { siteErrorMessage } from '../../sites/site-copy.ts';
import { toErrorCode } from '../../../lib/api.ts';
import { StepActions } from './StepActions.tsx';
import type { StepProps } from './StepProps.ts';

export function ImagesStep({ site, onSite, onNext, onBack }: StepProps) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const hasAny = Boolean(site?.avatar || site?.banner);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setProblem(undefined);
    try {
      await onNext();
    } catch (error) {
      setProblem(siteErrorMessage(toErrorCode(error)));
      setBusy(false);
    }
  };

  return (
    <form className="wizard__form" noValidate onSubmit={(event) => void submit(event)}>
      <p className="wizard__lead">A face and a banner make your site feel like yours. You can skip this and add them later in Settings.</p>
      <ImagePicker place="avatar" current={site?.avatar ?? null} onSaved={onSite} />
      <ImagePicker place="banner" current={site?.banner ?? null} onSaved={onSite} />
      <LiveMessage tone="error">{problem}</LiveMessage>
      <StepActions busy={busy} onBack={onBack} continueLabel={hasAny ? 'Continue' : 'Skip for now'} />
    </form>
  );
}
