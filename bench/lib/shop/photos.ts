// Photos for the page benchmarks (docs/benchmarks.md, lighthouse): the shop as an owner runs it has
// photos, and a photo, not a drawing, is then the list page's largest paint. A staff account
// uploads one camera-sized JPEG per keyboard through the Storage API (as the back office does)
// and attaches it to the product through the data API, before the pages are measured.
import { StorageClient } from '@supabase/storage-js';
import sharp from 'sharp';
import { shopCatalogue } from './catalogue.ts';
import { parsePage, Recorder } from './client.ts';
import { staffAccount } from './staff-worker.ts';

const BUCKET = 'product-photos';

/** A 2400×1600 JPEG of the product's colour with some detail, about what a phone takes. */
async function photoOf(hue: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2400" height="1600">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},60%,35%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},70%,65%)"/>
    </linearGradient></defs>
    <rect width="2400" height="1600" fill="url(#g)"/>
    ${Array.from({ length: 60 }, (_, i) => `<rect x="${300 + (i % 15) * 120}" y="${500 + Math.floor(i / 15) * 130}" width="100" height="100" rx="12" fill="hsl(${hue},20%,${20 + (i % 5) * 12}%)"/>`).join('')}
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** Gives every keyboard one photo; resolves how many were added. */
export async function seedPhotos(origin: string, dataDir: string): Promise<number> {
  const { anonKey, assets } = parsePage(await (await fetch(`${origin}/keebshop/`)).text());
  const options = {
    origins: [origin],
    anonKey,
    assets,
    ip: '10.255.0.2',
    recorder: new Recorder(),
  };
  const staff = await staffAccount(options, dataDir, Date.now() + 60_000, {
    label: 'bench-photos',
  });
  const headers = staff.headers();
  const bucket = new StorageClient(`${origin}/storage/v1`, headers).from(BUCKET);
  const keyboards = (await shopCatalogue(origin, anonKey)).byCategory('keyboards');
  let added = 0;
  for (const [i, product] of keyboards.entries()) {
    const path = `keyboards/${product.id}/bench-${Date.now()}.jpg`;
    const upload = await bucket.upload(path, await photoOf((i * 47) % 360), {
      contentType: 'image/jpeg',
    });
    if (upload.error) throw new Error(`upload ${path}: ${upload.error.message}`);
    const res = await fetch(`${origin}/rest/v1/product_photos`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json', Prefer: 'return=minimal' },
      body: JSON.stringify({
        product_key: product.key,
        object_path: path,
        alt: `${product.name}, seen from above`,
        position: 0,
      }),
    });
    if (res.status !== 201) throw new Error(`photo row ${path}: ${res.status} ${await res.text()}`);
    added += 1;
  }
  return added;
}
