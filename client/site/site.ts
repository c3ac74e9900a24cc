/**
 * The public site's only script, loaded on pages with video or share links: Safari plays the
 * HLS playlist natively; elsewhere hls.js (its own chunk, fetched only by
 * pages with a video; its light build, as our playlists carry no alternate
 * audio, subtitles or DRM, decision 151) is attached to each video, and segments load only when
 * the reader presses play. On a post, "Copy link" copies the post's address
 * instead of following it. The page is fully usable without this script (the
 * link is then the post's address, to copy by hand).
 */
const NATIVE_HLS = 'application/vnd.apple.mpegurl';

const videos = [...document.querySelectorAll<HTMLVideoElement>('video[data-hls]')].filter((video) => video.canPlayType(NATIVE_HLS) === '');

if (videos.length > 0) {
  void import('hls.js/light').then(({ default: Hls }) => {
    if (!Hls.isSupported()) return;
    for (const video of videos) {
      const hls = new Hls({ autoStartLoad: false });
      hls.loadSource(video.dataset.hls!);
      hls.attachMedia(video);
      video.addEventListener('play', () => hls.startLoad(), { once: true });
    }
  });
}

for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-copy-link]')) {
  const status = link.closest('.share')?.querySelector('[role="status"]');
  const say = (words: string) => {
    if (status) status.textContent = words;
  };
  const copy = (event: Event) => {
    event.preventDefault();
    navigator.clipboard.writeText(link.href).then(
      () => say('Link copied.'),
      () => say('Could not copy the link. Copy it from the address bar.'),
    );
  };
  // Once this script runs it acts as a button: Space presses it too.
  link.setAttribute('role', 'button');
  link.addEventListener('click', copy);
  link.addEventListener('keydown', (event) => {
    if (event.key === ' ') copy(event);
  });
}
