/** The product tour shown on the landing and About pages, recorded by scripts/record-demo-video.mjs. */

export const DEMO_VIDEO = {
  src: '/demo/product-tour.webm',
  poster: '/demo/product-tour-poster.webp',
  width: 1280,
  height: 720,
  label: 'Product tour',
  /** The video is silent, so this text says everything it shows. */
  description:
    'A silent tour of the real product, under 20 seconds long: scrolling through the landing page and opening a question of the FAQ, filling in the sign-up form with a name, niche, e-mail address and password, then entering the same details on the login screen.',
};
