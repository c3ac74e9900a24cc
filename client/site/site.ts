/**
 * The public site's only script, loaded on pages with video: Safari plays the
 * HLS playlist natively; elsewhere hls.js (its own chunk, fetched only by
 * pages with a video; its light build, as our playlists carry no alternate
 * audio, subtitles or DRM, decision 151) is attached to each video, and segments load only when
 * the reader presses play. The page is fully readable without this script.
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
