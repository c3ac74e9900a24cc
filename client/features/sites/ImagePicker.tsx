/**
 * Choose a picture, crop it to its shape (a circle for the avatar, 3:1 for
 * the banner), and upload only the cropped result; then the site takes it.
 * Used by the onboarding wizard and by site settings. Keyboard: the crop area
 * moves with the arrow keys and the zoom is a range input.
 */
import { useId, useRef, useState, type ChangeEvent } from 'react';
import './site-forms.css';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import * as sitesApi from '../../../common/api/sites.ts';
import { Button } from '../../components/Button.tsx';
import { LiveMessage } from '../../components/LiveMessage.tsx';
import { ApiError, call, toErrorCode } from '../../lib/api.ts';
import { cropImage, readAsDataUrl } from './crop-image.ts';
import { IMAGE_UPLOAD_MESSAGES, siteErrorMessage } from '../../content/sites.ts';
import { uploadImage, UploadError } from './upload-image.ts';

export type ImagePlace = 'avatar' | 'banner';

const SHAPES: Record<ImagePlace, { aspect: number; round: boolean; maxWidth: number; label: string; field: 'avatarMediaId' | 'bannerMediaId' }> = {
  avatar: { aspect: 1, round: true, maxWidth: 800, label: 'Avatar', field: 'avatarMediaId' },
  banner: { aspect: 3, round: false, maxWidth: 1920, label: 'Banner', field: 'bannerMediaId' },
};
const ACCEPTED = 'image/jpeg,image/png,image/webp,image/gif';

type Phase = { name: 'idle' } | { name: 'cropping'; source: string } | { name: 'uploading'; progress: number } | { name: 'saving' };

interface ImagePickerProps {
  place: ImagePlace;
  current: sitesApi.SiteImage | null;
  onSaved: (site: sitesApi.SiteJson) => void;
}

export function ImagePicker({ place, current, onSaved }: ImagePickerProps) {
  const shape = SHAPES[place];
  const [phase, setPhase] = useState<Phase>({ name: 'idle' });
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area>();
  const [preview, setPreview] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const [saved, setSaved] = useState<string>();
  const input = useRef<HTMLInputElement>(null);
  const zoomId = useId();
  const shown = preview ?? current?.url ?? undefined;
  const failed = !preview && current?.status === 'failed';

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    setProblem(undefined);
    setSaved(undefined);
    if (!file) return;
    if (!ACCEPTED.split(',').includes(file.type)) return setProblem(IMAGE_UPLOAD_MESSAGES.notAnImage);
    try {
      setCrop({ x: 0, y: 0 });
      setZoom(1);
      setPhase({ name: 'cropping', source: await readAsDataUrl(file) });
    } catch {
      setProblem(IMAGE_UPLOAD_MESSAGES.unreadable);
    }
  };

  const save = async (mediaId: string | null, previewUrl: string | undefined) => {
    setPhase({ name: 'saving' });
    const answer = await call(sitesApi.updateMySite, { body: { [shape.field]: mediaId } });
    setPreview(previewUrl);
    onSaved(answer.site);
    setSaved(mediaId ? `${shape.label} saved.` : `${shape.label} removed.`);
  };

  const applyCrop = async () => {
    if (phase.name !== 'cropping' || !area) return;
    try {
      const cropped = await cropImage(phase.source, area, shape.maxWidth);
      setPhase({ name: 'uploading', progress: 0 });
      const extension = cropped.blob.type === 'image/webp' ? 'webp' : 'jpg';
      const mediaId = await uploadImage(cropped.blob, `${place}.${extension}`, (progress) => setPhase({ name: 'uploading', progress })).done;
      await save(mediaId, cropped.previewUrl);
    } catch (error) {
      if (error instanceof UploadError) setProblem(error.status === 404 ? IMAGE_UPLOAD_MESSAGES.noUploads : IMAGE_UPLOAD_MESSAGES.uploadFailed);
      else if (error instanceof ApiError) setProblem(siteErrorMessage(error.code));
      else setProblem(IMAGE_UPLOAD_MESSAGES.unreadable);
    } finally {
      setPhase((now) => (now.name === 'cropping' ? now : { name: 'idle' }));
    }
  };

  const remove = async () => {
    setProblem(undefined);
    try {
      await save(null, undefined);
    } catch (error) {
      setProblem(siteErrorMessage(toErrorCode(error)));
    } finally {
      setPhase({ name: 'idle' });
    }
  };

  const busy = phase.name === 'uploading' || phase.name === 'saving';
  return (
    <fieldset className={`image-picker image-picker--${place}`}>
      <legend className="image-picker__legend">{shape.label}</legend>
      {phase.name === 'cropping' ? (
        <div className="image-picker__crop">
          <div className={`image-picker__cropper image-picker__cropper--${place}`}>
            <Cropper
              image={phase.source}
              crop={crop}
              zoom={zoom}
              aspect={shape.aspect}
              cropShape={shape.round ? 'round' : 'rect'}
              showGrid={!shape.round}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_percentages, pixels) => setArea(pixels)}
              cropperProps={{ role: 'group', 'aria-label': `${shape.label} crop area: move it with the arrow keys` }}
            />
          </div>
          <div className="image-picker__zoom">
            <label htmlFor={zoomId}>Zoom</label>
            <input id={zoomId} type="range" min={1} max={3} step={0.05} value={zoom} onChange={(event) => setZoom(Number(event.target.value))} />
          </div>
          <div className="image-picker__actions">
            <Button onClick={() => void applyCrop()} disabled={!area}>
              Use this crop
            </Button>
            <Button variant="ghost" onClick={() => setPhase({ name: 'idle' })}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <div className="image-picker__row">
          <div className={`image-picker__preview image-picker__preview--${place}`}>
            {shown ? (
              <img src={shown} alt={`Your ${place}`} />
            ) : (
              <span className="image-picker__empty">{failed ? 'This image could not be used' : current ? 'Preparing your image…' : `No ${place} yet`}</span>
            )}
          </div>
          <div className="image-picker__controls">
            <input ref={input} type="file" accept={ACCEPTED} hidden aria-label={`Choose ${place} image`} onChange={(event) => void choose(event)} />
            <Button variant="secondary" disabled={busy} onClick={() => input.current?.click()}>
              {current || shown ? `Change ${place}` : `Choose ${place}`}
            </Button>
            {(current || shown) && !busy && (
              <Button variant="ghost" onClick={() => void remove()}>
                Remove
              </Button>
            )}
          </div>
        </div>
      )}
      {phase.name === 'uploading' && (
        <div className="image-picker__progress">
          <progress max={1} value={phase.progress} aria-label={`Uploading ${place}`} />
          <span aria-hidden="true">{Math.round(phase.progress * 100)}%</span>
        </div>
      )}
      {phase.name === 'saving' && <p className="image-picker__saving">Saving…</p>}
      <LiveMessage tone="error">{problem}</LiveMessage>
      <LiveMessage tone="success">{saved}</LiveMessage>
    </fieldset>
  );
}
