/**
 * hls.js ships types for its full build only; its light build (`hls.js/light`,
 * decision 151) is the same class with fewer features compiled in.
 */
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
