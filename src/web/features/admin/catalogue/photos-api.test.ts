import { StorageApiError, StorageUnknownError } from '@supabase/storage-js';
import { describe, expect, it } from 'vitest';
import { uploadRefusal } from './photos-api.ts';

// Storage sends handled errors as HTTP 400 with the real status in the body's statusCode.
const refused = (statusCode: string, code: string, message: string) =>
  new StorageApiError(message, 400, statusCode, 'storage', code);

describe("the Storage API's refusal of an upload, in words", () => {
  it('names what is wrong with the file', () => {
    expect(
      uploadRefusal(refused('415', 'InvalidMimeType', 'mime type text/plain is not supported')),
    ).toBe('This file is not a JPEG, PNG or WebP image: choose another one.');
    expect(
      uploadRefusal(
        refused('413', 'EntityTooLarge', 'The object exceeded the maximum allowed size'),
      ),
    ).toBe('This file is larger than 10 MB: choose a smaller one.');
    expect(
      uploadRefusal(refused('400', 'InvalidRequest', 'The file is not a readable image')),
    ).toBe('This file could not be read as an image: it may be damaged. Choose another one.');
    expect(
      uploadRefusal(
        refused('400', 'InvalidRequest', 'The source image resolution is too large to process'),
      ),
    ).toBe('This image has too many pixels (at most 40 million): choose a smaller one.');
  });

  it('says who may, that the server was out of reach, or passes the rest on', () => {
    expect(
      uploadRefusal(refused('403', 'AccessDenied', 'new row violates row-level security policy')),
    ).toBe('Only staff can change product photos.');
    expect(
      uploadRefusal(new StorageUnknownError('Failed to fetch', new TypeError('Failed to fetch'))),
    ).toBe('The server could not be reached: nothing was saved. Try again.');
    expect(uploadRefusal(refused('409', 'KeyAlreadyExists', 'The resource already exists'))).toBe(
      'The photo could not be uploaded: The resource already exists',
    );
  });
});
