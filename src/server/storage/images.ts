// The image worker: sharp (libvips), loaded on the first image, not at start (it is large, and a
// server that never sees an upload or a resize should not hold it), and used by at most a few
// images at once, so a burst of uploads or new renditions queues instead of filling memory: each
// decoded image can take tens of megabytes.
import type { Sharp, SharpOptions } from 'sharp';

type SharpFactory = (input?: Buffer, options?: SharpOptions) => Sharp;

/**
 * The largest image decoded, in pixels (width x height): a decode bomb (a small PNG of 30,000 x
 * 30,000 pixels of one colour) is refused before libvips allocates its pixels. Supabase's hosted
 * limit is 50 megapixels; 40 covers every camera photo a shop takes.
 */
export const MAX_INPUT_PIXELS = 40_000_000;

export interface ImageWorker {
  /** Runs `fn` with sharp once one of the worker's places is free. */
  run<T>(fn: (sharp: SharpFactory) => Promise<T>): Promise<T>;
}

let loaded: Promise<SharpFactory> | undefined;

function loadSharp(): Promise<SharpFactory> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    // libvips' operation cache keeps recent inputs and outputs in memory for repeats that never
    // come here (each rendition is made once and stored): off.
    sharp.cache(false);
    return sharp as unknown as SharpFactory;
  });
  return loaded;
}

/** A worker with `places` images at a time (default 2: one per core of the machines we run on). */
export function createImageWorker(places = 2): ImageWorker {
  let busy = 0;
  const waiting: (() => void)[] = [];
  const acquire = async () => {
    if (busy < places) {
      busy++;
      return;
    }
    // The place is handed over by release(): busy stays the same.
    await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else busy--;
  };
  return {
    async run(fn) {
      const sharp = await loadSharp();
      await acquire();
      try {
        return await fn(sharp);
      } finally {
        release();
      }
    },
  };
}
