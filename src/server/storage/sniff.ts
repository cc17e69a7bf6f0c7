// What a file is, read from its first bytes, never from its name or the type the uploader
// declared: a page renamed photo.jpg and sent as image/jpeg is still a page, and is refused by a
// bucket of images. Only the formats this server stores are told apart; anything else is
// application/octet-stream, which no image bucket allows.

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0));

/** The type of `bytes` by their content (magic numbers). */
export function sniffMimeType(bytes: Uint8Array): string {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  // ISO media: "ftyp" then the brand; AVIF stills and sequences.
  if (startsWith(bytes, ascii('ftyp'), 4)) {
    const brand = String.fromCharCode(...bytes.subarray(8, 12));
    if (brand === 'avif' || brand === 'avis') return 'image/avif';
  }
  if (startsWith(bytes, ascii('%PDF-'))) return 'application/pdf';
  return sniffMarkup(bytes) ?? 'application/octet-stream';
}

/**
 * Markup, which browsers may run as a page if it is ever served as such: SVG (which can carry
 * scripts) and HTML or XML, after an optional byte order mark and white space.
 */
function sniffMarkup(bytes: Uint8Array): string | undefined {
  const head = new TextDecoder('utf-8', { fatal: false })
    .decode(bytes.subarray(0, 1024))
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (!head.startsWith('<')) return undefined;
  if (head.includes('<svg')) return 'image/svg+xml';
  if (head.startsWith('<?xml')) return 'application/xml';
  // Browsers sniff anything else that opens with a tag as HTML.
  return 'text/html';
}

/** Whether `mimetype` is allowed by a bucket's list: exact type/subtype, or type/* (Storage's rule). */
export function mimeTypeAllowed(mimetype: string, allowed: readonly string[]): boolean {
  const [type, subtype] = mimetype.toLowerCase().split('/');
  return allowed.some((entry) => {
    const [allowedType, allowedSubtype] = entry.toLowerCase().split('/');
    return allowedType === type && (allowedSubtype === '*' || allowedSubtype === subtype);
  });
}

/** The raster formats the server re-encodes (and so strips of metadata) and can resize. */
export const IMAGE_FORMATS = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
} as const;

export type ImageFormat = (typeof IMAGE_FORMATS)[keyof typeof IMAGE_FORMATS];

/** The image format of a MIME type the server can decode, if any. */
export function imageFormatOf(mimetype: string): ImageFormat | undefined {
  return (IMAGE_FORMATS as Record<string, ImageFormat>)[mimetype.toLowerCase()];
}
