/**
 * The product tour of the landing and About pages. preload="none" with a
 * poster: the browser fetches nothing of the video until it is played, so it
 * costs the page's first load only the poster image.
 */
import { useId } from 'react';
import { DEMO_VIDEO } from '../content/demo-video.ts';
import './DemoVideo.css';

export function DemoVideo() {
  const descriptionId = useId();
  return (
    <figure className="demo-video">
      <div className="demo-video__frame">
        <video
          className="demo-video__player"
          controls
          muted
          playsInline
          preload="none"
          poster={DEMO_VIDEO.poster}
          width={DEMO_VIDEO.width}
          height={DEMO_VIDEO.height}
          aria-label={DEMO_VIDEO.label}
          aria-describedby={descriptionId}
        >
          <source src={DEMO_VIDEO.src} type="video/webm" />
        </video>
      </div>
      <figcaption id={descriptionId} className="demo-video__description">
        {DEMO_VIDEO.description}
      </figcaption>
    </figure>
  );
}
