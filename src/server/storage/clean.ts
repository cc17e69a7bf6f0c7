// The original of an uploaded image, made safe to publish: decoded and encoded again in its own
// format, turned upright by its EXIF orientation, and without any metadata. A phone photo carries
// where it was taken (EXIF GPS), the camera's serial number and sometimes a thumbnail of the
// uncropped picture; none of it belongs on a public shop. Decoding also proves the file is the
// image it claims to be, under a pixel limit that stops decode bombs.
import { invalidImage } from './errors.ts';
import { MAX_INPUT_PIXELS, type ImageWorker } from './images.ts';
import type { ImageFormat } from './sniff.ts';

/** An image as stored: its bytes and its size in pixels (upright; one frame of an animation). */
export interface CleanImage {
  bytes: Buffer;
  width: number;
  height: number;
}

/** What sharp's metadata calls each format (AVIF is a HEIF container). */
const DECODED_AS: Record<ImageFormat, string> = {
  jpeg: 'jpeg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
  avif: 'heif',
};

/** High quality: the original is encoded once, and every rendition is made from it. */
const ENCODE: Record<ImageFormat, object> = {
  jpeg: { quality: 92, chromaSubsampling: '4:4:4' },
  png: {},
  webp: { quality: 92 },
  gif: {},
  avif: { quality: 80 },
};

/** Why sharp refused an input, in Storage's words (imgproxy's for the pixel limit). */
export function imageError(err: unknown): Error {
  const message = err instanceof Error ? err.message : String(err);
  if (/pixel limit/i.test(message)) {
    return invalidImage('The source image resolution is too large to process');
  }
  return invalidImage('The file is not a readable image');
}

/** Re-encodes `input` (already sniffed as `format`) without metadata; refuses what is not one. */
export async function cleanImage(
  worker: ImageWorker,
  input: Buffer,
  format: ImageFormat,
): Promise<CleanImage> {
  return worker.run(async (sharp) => {
    try {
      // Animated GIF and WebP keep every frame.
      const animated = format === 'gif' || format === 'webp';
      const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated });
      const meta = await image.metadata();
      if (meta.format !== DECODED_AS[format]) throw new Error(`decoded as ${meta.format}`);
      const { data, info } = await image
        .rotate()
        .toFormat(format, ENCODE[format])
        .toBuffer({ resolveWithObject: true });
      const pages = animated ? (meta.pages ?? 1) : 1;
      return { bytes: data, width: info.width, height: Math.round(info.height / pages) };
    } catch (err) {
      throw imageError(err);
    }
  });
}
