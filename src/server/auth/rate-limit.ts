import type { Queryable } from '../db/types.ts';

export interface RateLimitBucket {
  key: string;
  limit: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the current window ends (for Retry-After). */
  retryAfter: number;
  /** Each bucket's count in the window, this hit included (before any refund). */
  hits: Record<string, number>;
  /** Gives the counted hit back (an attempt that turned out not to count, e.g. a sign-in that succeeded). */
  refund(): Promise<void>;
}

/**
 * Counts one hit in each bucket's fixed window, in the database so every instance shares the
 * count, and says whether all stay within their limit. A refused hit is given back at once: a
 * client hammering one bucket past its limit does not fill the others (a per-email bucket, say).
 */
export async function hitRateLimits(
  db: Queryable,
  buckets: RateLimitBucket[],
  windowSeconds: number,
  now: Date,
): Promise<RateLimitResult> {
  const windowMs = windowSeconds * 1000;
  const start = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const keys = buckets.map((b) => b.key);
  const { rows } = await db.query<{ bucket: string; hits: number }>(
    `INSERT INTO auth.rate_limits AS r (bucket, window_start, hits)
       SELECT unnest($1::text[]), $2, 1
     ON CONFLICT (bucket, window_start) DO UPDATE SET hits = r.hits + 1
     RETURNING bucket, hits`,
    [keys, start],
  );
  // Old windows are never read again.
  await db.query('DELETE FROM auth.rate_limits WHERE window_start < $1', [
    new Date(start.getTime() - windowMs),
  ]);
  const over = rows.some(
    (row) => row.hits > (buckets.find((b) => b.key === row.bucket)?.limit ?? 0),
  );
  let refunded = false;
  const refund = async () => {
    if (refunded) return;
    refunded = true;
    await db.query(
      `UPDATE auth.rate_limits SET hits = hits - 1
       WHERE bucket = ANY($1::text[]) AND window_start = $2 AND hits > 0`,
      [keys, start],
    );
  };
  if (over) await refund();
  return {
    allowed: !over,
    retryAfter: Math.max(1, Math.ceil((start.getTime() + windowMs - now.getTime()) / 1000)),
    hits: Object.fromEntries(rows.map((row) => [row.bucket, Number(row.hits)])),
    refund,
  };
}
