// Test set-up of the photo editor's component tests: real image files made with sharp, and a fetch
// that sends jsdom's FormData as a browser sends its own.
import sharp from 'sharp';
import { afterAll, beforeAll } from 'vitest';

/** A real PNG of one colour, made in the test. */
export async function pngFile(name: string, width = 64, height = 48): Promise<File> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(bytes)], name, { type: 'image/png' });
}

/**
 * storage-js uploads a File as multipart FormData. In a browser, fetch sends its own FormData; in
 * jsdom, FormData and File are jsdom's, which Node's fetch cannot read (it waits, then fails).
 * Vitest's Request converts them to Node's, so the body goes out as a browser would send it.
 */
export function sendJsdomFormData(): void {
  const nodeFetch = globalThis.fetch;
  beforeAll(() => {
    globalThis.fetch = (input, init) =>
      init?.body instanceof FormData ? nodeFetch(new Request(input, init)) : nodeFetch(input, init);
  });
  afterAll(() => {
    globalThis.fetch = nodeFetch;
  });
}
