/**
 * Plays a video's HLS playlist (DESIGN.md "Content") with the browser's own
 * controls, which are keyboard and screen-reader accessible. Safari plays HLS
 * natively; elsewhere hls.js feeds Media Source Extensions, loaded only when a
 * video is shown so it never weighs on a page without one. A browser with
 * neither gets the progressive MP4 when processing made one
 * (docs/decisions/039-video-playback-native-hls-or-hls-js.md).
 */
import { useEffect, useRef, useState } from 'react';
import { PLAYER_COPY } from '../../../content/media.ts';
import './media-player.css';

const HLS_TYPE = 'application/vnd.apple.mpegurl';

export interface VideoPlayerProps {
  playlist: string;
  poster?: string | undefined;
  /** A progressive MP4, for a browser with neither native HLS nor Media Source Extensions. */
  fallback?: string | undefined;
  /** What the video is, for screen readers. */
  label: string;
  width?: number | null;
  height?: number | null;
}

export function VideoPlayer({ playlist, poster, fallback, label, width, height }: VideoPlayerProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    setFailed(false);
    if (element.canPlayType(HLS_TYPE)) {
      element.src = playlist;
      return;
    }
    let destroyed = false;
    let destroy: (() => void) | undefined;
    import('hls.js/light').then(
      ({ default: Hls }) => {
        if (destroyed) return;
        if (!Hls.isSupported()) {
          if (fallback) element.src = fallback;
          else setFailed(true);
          return;
        }
        // The light build (decision 151): our playlists mux their audio and carry no subtitles or DRM.
        // fMP4 segments need no transmuxing, so no worker (and no blob: worker in the CSP).
        const hls = new Hls({ enableWorker: false, capLevelToPlayerSize: true });
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (data.fatal) {
            hls.destroy();
            setFailed(true);
          }
        });
        hls.loadSource(playlist);
        hls.attachMedia(element);
        destroy = () => hls.destroy();
      },
      () => setFailed(true),
    );
    return () => {
      destroyed = true;
      destroy?.();
    };
  }, [playlist, fallback]);

  return (
    <figure className="media-player">
      {/* Uploads carry no caption track yet; the creator's own text goes with them in the post. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <video
        ref={video}
        className="media-player__video"
        controls
        playsInline
        preload="metadata"
        poster={poster}
        aria-label={label}
        width={width ?? undefined}
        height={height ?? undefined}
        onError={() => setFailed(true)}
      />
      {failed && (
        <figcaption className="media-player__problem" role="alert">
          {PLAYER_COPY.videoFailed}
        </figcaption>
      )}
    </figure>
  );
}
