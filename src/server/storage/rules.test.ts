// The storage API's pure rules: what a file is from its first bytes, which types a bucket takes,
// which keys are valid, and which format a rendition gets for a browser's Accept header.
import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors.ts';
import { checkKey } from './keys.ts';
import { mimeTypeAllowed, sniffMimeType } from './sniff.ts';
import { outputFormat, parseTransform } from './transform.ts';

const bytes = (...values: (number | string)[]) =>
  Buffer.concat(values.map((v) => (typeof v === 'string' ? Buffer.from(v) : Buffer.from([v]))));

describe('sniffMimeType', () => {
  it.each([
    [bytes(0xff, 0xd8, 0xff, 0xe0), 'image/jpeg'],
    [bytes(0x89, 'PNG\r\n', 0x1a, '\n'), 'image/png'],
    [bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 '), 'image/webp'],
    [bytes('GIF89a'), 'image/gif'],
    [bytes(0, 0, 0, 0x1c, 'ftypavif'), 'image/avif'],
    [bytes('%PDF-1.7'), 'application/pdf'],
    [bytes('\uFEFF  <svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml'],
    [bytes('<?xml version="1.0"?><svg/>'), 'image/svg+xml'],
    [bytes('\n<!DOCTYPE html><p>hi'), 'text/html'],
    [bytes('<b>bold</b>'), 'text/html'],
    [bytes('just text'), 'application/octet-stream'],
    [bytes(), 'application/octet-stream'],
  ])('%#: %s', (input, type) => {
    expect(sniffMimeType(input)).toBe(type);
  });
});

it('mimeTypeAllowed: exact type and subtype, or type/*; parameters are part of the subtype', () => {
  const allowed = ['image/jpeg', 'image/png', 'text/*'];
  expect(mimeTypeAllowed('image/jpeg', allowed)).toBe(true);
  expect(mimeTypeAllowed('IMAGE/PNG', allowed)).toBe(true);
  expect(mimeTypeAllowed('text/csv', allowed)).toBe(true);
  expect(mimeTypeAllowed('image/svg+xml', allowed)).toBe(false);
  expect(mimeTypeAllowed('image/jpeg;x=1', ['image/jpeg'])).toBe(false);
});

it('checkKey: Storage characters, no empty folder, at most 1024 bytes', () => {
  expect(checkKey('keyboards/1/a b (2)!.jpg')).toBe('keyboards/1/a b (2)!.jpg');
  for (const bad of ['é.jpg', 'a//b', '/a', 'a/', 'a\\b', 'a#b', 'a%b', '', 'x'.repeat(1025)]) {
    expect(() => checkKey(bad), bad).toThrow(HttpError);
  }
});

describe('renditions', () => {
  const transform = (query: Record<string, string>) => parseTransform(query);

  it('defaults, clamps sizes, refuses bad values', () => {
    expect(transform({})).toEqual({
      width: 0,
      height: 0,
      resize: 'cover',
      quality: 80,
      format: undefined,
    });
    expect(transform({ width: '9000', height: '0' })).toMatchObject({ width: 2500, height: 0 });
    const bad: Record<string, string>[] = [
      { width: '-1' },
      { width: '1e3' },
      { quality: '19' },
      { resize: 'x' },
    ];
    for (const query of bad) {
      expect(() => transform(query), JSON.stringify(query)).toThrow(HttpError);
    }
  });

  it('the format: AVIF, else WebP when named with q > 0, else the source; origin keeps it', () => {
    const auto = transform({});
    expect(outputFormat(auto, 'jpeg', 'image/avif,image/webp,*/*')).toBe('avif');
    expect(outputFormat(auto, 'jpeg', 'image/avif;q=0,image/webp')).toBe('webp');
    expect(outputFormat(auto, 'png', 'image/*,*/*;q=0.8')).toBe('png');
    expect(outputFormat(auto, 'png', undefined)).toBe('png');
    expect(outputFormat(transform({ format: 'origin' }), 'png', 'image/avif')).toBe('png');
    expect(outputFormat(transform({ format: 'webp' }), 'png', '')).toBe('webp');
  });
});
