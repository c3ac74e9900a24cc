/**
 * Images: WebP at each of IMAGE_WIDTHS no wider than the source (the source's
 * own width when it is narrower than all), and a thumbnail for the library.
 * EXIF orientation is applied, so width and height are as the image is seen.
 */
import path from 'node:path';
import sharp from 'sharp';
import { IMAGE_WIDTHS, type ImageVariant, type MediaDerived } from '../../../common/media.ts';
import { UnprocessableMediaError } from './unprocessable.ts';

const THUMBNAIL_SIZE = 400;
const WEBP_QUALITY = 80;

export async function processImage(input: string, outDir: string): Promise<MediaDerived> {
  const metadata = await sharp(input)
    .metadata()
    .catch(() => {
      throw new UnprocessableMediaError('We could not read this image. It may be damaged. Try saving it again as JPEG or PNG.');
    });
  const rotated = (metadata.orientation ?? 1) >= 5;
  const width = rotated ? metadata.height : metadata.width;
  const height = rotated ? metadata.width : metadata.height;
  if (!width || !height) throw new UnprocessableMediaError('We could not read the size of this image. Try saving it again as JPEG or PNG.');

  const widths: number[] = IMAGE_WIDTHS.filter((candidate) => candidate <= width);
  if (widths.length === 0) widths.push(width);
  const images: ImageVariant[] = [];
  for (const target of widths) {
    const file = `w${target}.webp`;
    const written = await sharp(input)
      .rotate()
      .resize({ width: target, withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toFile(path.join(outDir, file));
    images.push({ width: written.width, height: written.height, file });
  }
  await sharp(input)
    .rotate()
    .resize({ width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: WEBP_QUALITY })
    .toFile(path.join(outDir, 'thumb.webp'));
  return { width, height, images, poster: images[0]!.file, thumbnail: 'thumb.webp' };
}

/** A poster and thumbnail in WebP from a still frame that ffmpeg wrote. */
export async function frameToPoster(frame: string, outDir: string): Promise<Pick<MediaDerived, 'poster' | 'thumbnail'>> {
  await sharp(frame).webp({ quality: WEBP_QUALITY }).toFile(path.join(outDir, 'poster.webp'));
  await sharp(frame)
    .resize({ width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: WEBP_QUALITY })
    .toFile(path.join(outDir, 'thumb.webp'));
  return { poster: 'poster.webp', thumbnail: 'thumb.webp' };
}
