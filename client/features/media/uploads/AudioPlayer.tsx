/** Plays an audio item's web format (AAC in M4A, made by processing) with the browser's own accessible controls. */
import { useState } from 'react';
import { PLAYER_COPY } from '../../../content/media.ts';
import './media-player.css';

export interface AudioPlayerProps {
  src: string;
  /** What the audio is, for screen readers. */
  label: string;
}

export function AudioPlayer({ src, label }: AudioPlayerProps) {
  const [failed, setFailed] = useState(false);
  return (
    <figure className="media-player">
      {/* Uploads carry no caption track yet; the creator's own text goes with them in the post. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <audio className="media-player__audio" controls preload="metadata" src={src} aria-label={label} onError={() => setFailed(true)} />
      {failed && (
        <figcaption className="media-player__problem" role="alert">
          {PLAYER_COPY.audioFailed}
        </figcaption>
      )}
    </figure>
  );
}
