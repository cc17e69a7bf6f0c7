import type { Queryable } from '../db/types.ts';

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the current window ends (for Retry-After). */
  retryAfter: number;
}

/**
 * Counts one hit in each bucket's fixed window, in the database so every instance shares the
 * count, and says whether all stay within their limit.
 */
export async function hitRateLimits(
  db: Queryable,
  buckets: { key: string; limit: number }[],
  windowSeconds: number,
  now: Date,
): Promise<RateLimitResult> {
  const windowMs = windowSeconds * 1000;
  const start = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const { rows } = await db.query<{ bucket: string; hits: number }>(
    `INSERT INTO auth.rate_limits AS r (bucket, window_start, hits)
       SELECT unnest($1::text[]), $2, 1
     ON CONFLICT (bucket, window_start) DO UPDATE SET hits = r.hits + 1
     RETURNING bucket, hits`,
    [buckets.map((b) => b.key), start],
  );
  // Old windows are never read again.
  await db.query('DELETE FROM auth.rate_limits WHERE window_start < $1', [
    new Date(start.getTime() - windowMs),
  ]);
  const over = rows.some(
    (row) => row.hits > (buckets.find((b) => b.key === row.bucket)?.limit ?? 0),
  );
  return {
    allowed: !over,
    retryAfter: Math.max(1, Math.ceil((start.getTime() + windowMs - now.getTime()) / 1000)),
  };
}
