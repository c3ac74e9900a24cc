/**
 * Cuts the chosen area out of an image on a canvas, in the browser, so only
 * the cropped picture is uploaded. WebP where the browser encodes it (Safari
 * answers PNG instead), else JPEG; never wider than the site will show it.
 */
import type { Area } from 'react-easy-crop';

export interface CroppedImage {
  blob: Blob;
  /** A data: URL of the same picture, shown until the server's variants exist (our CSP allows data: images, not blob:). */
  previewUrl: string;
}

function loadImage(source: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The image could not be decoded.'));
    image.src = source;
  });
}

function encode(canvas: HTMLCanvasElement, type: string): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, 0.9));
}

export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('The file could not be read.')));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

export async function cropImage(source: string, area: Area, maxWidth: number): Promise<CroppedImage> {
  const image = await loadImage(source);
  const scale = Math.min(1, maxWidth / area.width);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(area.width * scale));
  canvas.height = Math.max(1, Math.round(area.height * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw the image.');
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, canvas.width, canvas.height);
  const webp = await encode(canvas, 'image/webp');
  const blob = webp?.type === 'image/webp' ? webp : await encode(canvas, 'image/jpeg');
  if (!blob) throw new Error('The cropped image could not be encoded.');
  return { blob, previewUrl: canvas.toDataURL(blob.type, 0.8) };
}
