// Photos the storage tests upload, made with sharp in the test: real JPEG, PNG and WebP files of
// known sizes, one carrying EXIF with a GPS position (what a phone writes), and files that only
// pretend to be images.
import sharp from 'sharp';

/** A photo of `width` x `height` pixels in one colour, encoded as `format`. */
export function photo(
  format: 'jpeg' | 'png' | 'webp',
  width: number,
  height: number,
  colour = '#3366cc',
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .toFormat(format)
    .toBuffer();
}

export const GPS_ARTIST = 'keebshop-test-camera';

/**
 * A JPEG as a phone writes it: landscape pixels (`width` x `height`) with EXIF orientation 6
 * (shown rotated a quarter turn, so portrait), the camera's owner and a GPS position.
 */
export function phoneJpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#cc6633' } })
    .jpeg()
    .withExif({
      IFD0: { Artist: GPS_ARTIST },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 2964/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 17/1 4026/100',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A photo of camera-like noise (which, unlike one colour, a lower quality makes smaller). */
export function noisyPhoto(format: 'jpeg' | 'png', width: number, height: number): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .toFormat(format)
    .toBuffer();
}

/** Whether an EXIF block holds a GPS section (its pointer tag 0x8825, either byte order). */
export function hasGpsSection(exif: Buffer | undefined): boolean {
  return (
    !!exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])))
  );
}

/** A page saved under an image's name: what must never be served as an image from the shop. */
export const HTML_PAGE = Buffer.from(
  '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>',
);

/** An SVG (an image format that can carry scripts; the bucket does not take it). */
export const SVG_IMAGE = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
    '<script>alert(1)</script><rect width="10" height="10"/></svg>',
);
