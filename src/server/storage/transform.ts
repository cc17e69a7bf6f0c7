// The image transformation a render URL asks for (Supabase's width, height, resize, quality,
// format), checked and bounded, and the output format chosen from the browser's Accept header
// as Supabase's imgproxy does: AVIF when accepted, else WebP when accepted, else the original's
// format; format=origin always keeps the original's.
import { invalidRequest } from './errors.ts';
import type { ImageFormat } from './sniff.ts';

/** Widths and heights are clamped to this (Supabase's hosted bound), never refused. */
export const MAX_DIMENSION = 2500;
export const DEFAULT_QUALITY = 80;

export type Resize = 'cover' | 'contain' | 'fill';

export interface Transform {
  /** 0: not given (follows the other side and the aspect ratio). */
  width: number;
  height: number;
  resize: Resize;
  quality: number;
  /** origin: the original's format; webp or avif: that one; undefined: chosen by Accept. */
  format: 'origin' | 'webp' | 'avif' | undefined;
}

function integer(query: Record<string, string>, name: string): number | undefined {
  const value = query[name];
  if (value === undefined || value === '') return undefined;
  if (!/^\d{1,9}$/.test(value)) throw invalidRequest(`querystring/${name} must be integer`);
  return Number(value);
}

function oneOf<T extends string>(query: Record<string, string>, name: string, allowed: T[]) {
  const value = query[name];
  if (value === undefined || value === '') return undefined;
  if (!(allowed as string[]).includes(value)) {
    throw invalidRequest(
      `querystring/${name} must be equal to one of the allowed values: ${allowed.join(', ')}`,
    );
  }
  return value as T;
}

/** The transformation of a render request's query; a bad value is Storage's validation 400. */
export function parseTransform(query: Record<string, string>): Transform {
  const quality = integer(query, 'quality') ?? DEFAULT_QUALITY;
  if (quality < 20 || quality > 100) {
    throw invalidRequest('querystring/quality must be >= 20 and <= 100');
  }
  return {
    width: Math.min(integer(query, 'width') ?? 0, MAX_DIMENSION),
    height: Math.min(integer(query, 'height') ?? 0, MAX_DIMENSION),
    resize: oneOf(query, 'resize', ['cover', 'contain', 'fill']) ?? 'cover',
    quality,
    format: oneOf(query, 'format', ['origin', 'webp', 'avif']),
  };
}

/** Whether an Accept header names `type` itself with a quality above 0 (wildcards do not count). */
function accepts(accept: string, type: string): boolean {
  return accept.split(',').some((range) => {
    const [name, ...params] = range.trim().toLowerCase().split(';');
    if (name?.trim() !== type) return false;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    return q === undefined || Number(q) > 0;
  });
}

/** The format a rendition is encoded in. */
export function outputFormat(
  transform: Transform,
  source: ImageFormat,
  accept: string | undefined,
): ImageFormat {
  if (transform.format === 'origin') return source;
  if (transform.format) return transform.format;
  if (accepts(accept ?? '', 'image/avif')) return 'avif';
  if (accepts(accept ?? '', 'image/webp')) return 'webp';
  return source;
}

/** What Supabase reports in X-Transformations (imgproxy's words for the resizing). */
export function describe(transform: Transform): string {
  const resizing = { cover: 'fill', contain: 'fit', fill: 'force' }[transform.resize];
  return [
    ...(transform.height ? [`height:${transform.height}`] : []),
    ...(transform.width ? [`width:${transform.width}`] : []),
    `resizing_type:${resizing}`,
    `quality:${transform.quality}`,
  ].join(',');
}
