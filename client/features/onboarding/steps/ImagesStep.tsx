/** Step 3: avatar and banner, each cropped to shape and uploaded as it is chosen; skippable. */
import { useFormSubmit } from '../../../app/useFormSubmit.ts';
import { LiveMessage } from '../../../components/LiveMessage.tsx';
import { ImagePicker } from '../../sites/ImagePicker.tsx';
import { siteErrorMessage } from '../../../content/sites.ts';
import { StepActions } from './StepActions.tsx';
import type { StepProps } from './StepProps.ts';

export function ImagesStep({ site, onSite, onNext, onBack }: StepProps) {
  const form = useFormSubmit<never>({ fieldIds: {}, problemFor: (code) => ({ message: siteErrorMessage(code) }) });
  const hasAny = Boolean(site?.avatar || site?.banner);
  const submit = form.handleSubmit({ check: () => ({}), send: onNext });

  return (
    <form className="wizard__form" noValidate onSubmit={submit}>
      <p className="wizard__lead">A face and a banner make your site feel like yours. You can skip this and add them later in Settings.</p>
      <ImagePicker place="avatar" current={site?.avatar ?? null} onSaved={onSite} />
      <ImagePicker place="banner" current={site?.banner ?? null} onSaved={onSite} />
      <LiveMessage tone="error">{form.message}</LiveMessage>
      <StepActions busy={form.busy} onBack={onBack} continueLabel={hasAny ? 'Continue' : 'Skip for now'} />
    </form>
  );
}
