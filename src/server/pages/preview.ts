// A product's preview image (docs/decisions/0049-server-rendered-product-pages.md): 1200x630 PNG,
// the size chat apps and social sites show as a large card; its first photo fitted on the shop's
// dark background, or, without a photo, its drawing rendered by the web app's own art components.
// Made when first asked for and kept in the page cache, so it follows catalogue changes as pages do.
import type { Queryable } from '../db/types.ts';
import { MAX_INPUT_PIXELS, type ImageWorker } from '../storage/images.ts';
import { bytesOf } from '../storage/rows.ts';
import { PREVIEW_SIZE } from './answers.ts';
import type { CachedAnswer, PageCache } from './cache.ts';
import type { PageRenderer } from './index.ts';
import { readPublishedProduct } from './read.ts';

/** The shop's dark surface (web/app/theme.css). */
const BACKGROUND = { r: 10, g: 12, b: 17, alpha: 1 };
/** Room around the picture. */
const MARGIN = 48;

async function firstPhotoBytes(db: Queryable, productKey: string): Promise<Buffer | undefined> {
  const { rows } = await db.query<{ bytes: unknown }>(
    `SELECT d.bytes FROM public.product_photos ph
     JOIN storage.objects o ON o.bucket_id = ph.bucket_id AND o.name = ph.object_path
     JOIN storage.object_data d ON d.object_id = o.id AND d.version = o.version
     WHERE ph.product_key = $1 ORDER BY ph.position LIMIT 1`,
    [productKey],
  );
  return rows[0] ? bytesOf(rows[0].bytes) : undefined;
}

export function createPreviews(deps: {
  db: Queryable;
  images: ImageWorker;
  renderer: () => Promise<PageRenderer>;
  cache: PageCache;
}) {
  async function render(urlKey: string): Promise<CachedAnswer> {
    const product = await readPublishedProduct(deps.db, urlKey);
    if (!product)
      return { status: 404, contentType: 'text/plain; charset=UTF-8', body: 'Not Found' };
    const photo =
      product.photos.length > 0 ? await firstPhotoBytes(deps.db, product.key) : undefined;
    const picture = photo ?? Buffer.from((await deps.renderer()).renderDrawing(product));
    const png = await deps.images.run((sharp) =>
      sharp(picture, { limitInputPixels: MAX_INPUT_PIXELS, density: 300 })
        .rotate()
        .resize({
          width: PREVIEW_SIZE.width - 2 * MARGIN,
          height: PREVIEW_SIZE.height - 2 * MARGIN,
          fit: 'contain',
          background: BACKGROUND,
        })
        .flatten({ background: BACKGROUND })
        .extend({
          top: MARGIN,
          bottom: MARGIN,
          left: MARGIN,
          right: MARGIN,
          background: BACKGROUND,
        })
        .png()
        .toBuffer(),
    );
    return { status: 200, contentType: 'image/png', body: new Uint8Array(png) };
  }
  return {
    answer: (urlKey: string) => deps.cache.get(`preview ${urlKey}`, () => render(urlKey)),
  };
}
