// Where the browser fetches a product photo (docs/decisions/0046-photos-in-the-database.md): the
// server's image transformations, GET /storage/v1/render/image/public/product-photos/<path>?width=,
// which answer AVIF, WebP or the original's format by the request's Accept and are cached for a
// year as immutable. Built by hand, as storage-js's getPublicUrl builds them, so that the storefront
// bundle carries no storage client.
import type { Photo } from '../../../catalogue/index.ts';
import { readAppConfig } from '../../lib/config.ts';

export const PHOTO_BUCKET = 'product-photos';

/**
 * The widths offered in a srcset, in CSS pixels times the screen's density: cards are about 120 to
 * 340 px wide and the dialog's photo up to about 690 px (browse.css), on screens of density 1 to 3.
 * Few steps keep the renditions the server makes and stores per photo few (it keeps 48 at most).
 */
export const PHOTO_WIDTHS: readonly number[] = [160, 240, 320, 480, 640, 960, 1280];

/**
 * The object's path in a URL: each segment percent-encoded, the slashes kept. storage-js puts the
 * path through encodeURI, which leaves `?`, `#`, `&` and `+` (all allowed in Storage keys) as
 * they are and would cut the URL short; the server decodes the path as a whole.
 */
export function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

/**
 * A rendition `width` pixels wide (the height follows the photo's proportions; the server never
 * enlarges). The object's version is the URL's `cacheNonce`, as storage-js's getPublicUrl puts it:
 * a replaced photo gets a new version, so a new URL, and the old one can stay cached for good. A
 * photo without a version (an object stored before versions) is named by its path alone.
 */
export function renditionUrl(storageUrl: string, photo: Photo, width: number): string {
  const query = new URLSearchParams({ width: String(width) });
  if (photo.version !== null) query.set('cacheNonce', photo.version);
  return `${storageUrl}/render/image/public/${PHOTO_BUCKET}/${encodePath(photo.path)}?${query}`;
}

/**
 * The widths worth asking for this photo: those of PHOTO_WIDTHS it is at least as wide as, and its
 * own width when it is narrower than the largest (a wider rendition would be the same pixels).
 */
export function widthsFor(photo: Photo): number[] {
  const widths = PHOTO_WIDTHS.filter((w) => w < photo.width);
  return widths.length === PHOTO_WIDTHS.length ? widths : [...widths, photo.width];
}

/** The img's srcset (`url 320w, ...`) and its src, the middle step, for browsers without srcset. */
export function photoSources(storageUrl: string, photo: Photo): { srcSet: string; src: string } {
  const widths = widthsFor(photo);
  const srcSet = widths.map((w) => `${renditionUrl(storageUrl, photo, w)} ${w}w`).join(', ');
  return { srcSet, src: renditionUrl(storageUrl, photo, widths[Math.floor(widths.length / 2)]!) };
}

let storage: string | undefined;

/** The Storage API of this page's backend, from its app-config tag, read once. */
export function storageUrl(): string {
  return (storage ??= `${readAppConfig().supabaseUrl.replace(/\/+$/, '')}/storage/v1`);
}
