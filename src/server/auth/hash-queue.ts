import { authError, AUTH_MESSAGES } from './errors.ts';

/**
 * How many hashes may run at once. Hashing runs on libuv's thread pool (4 threads by default),
 * which every file read and write shares: with all of it hashing, a burst of sign-ins held static
 * files and the payments sandbox's writes for seconds (npm run load). Half the pool is left for files.
 */
export const MAX_CONCURRENT_HASHES = Math.max(
  1,
  Math.floor(Number(process.env.UV_THREADPOOL_SIZE || 4) / 2),
);

/**
 * Which requests a password hash serves. Sign-ins (a shopper waiting to log in) go first; sign-ups
 * and password changes (new hashes) take the slots sign-ins leave, so a flood of sign-ups cannot
 * make a shopper's log-in wait behind it.
 */
export type HashLane = 'sign-in' | 'new-password';

/**
 * How many requests of each lane may be in flight (hashing, waiting to hash, or on their way to a
 * hash) before the next one is answered 429 at once. About 20 ms a hash, two at a time: 64 sign-ins
 * wait at most about 0.7 s; 16 sign-ups keep both threads busy when nobody signs in.
 */
export const MAX_IN_FLIGHT: Record<HashLane, number> = { 'sign-in': 64, 'new-password': 8 };

const inFlight: Record<HashLane, number> = { 'sign-in': 0, 'new-password': 0 };
let hashing = 0;
const waiting: Record<HashLane, (() => void)[]> = { 'sign-in': [], 'new-password': [] };

/**
 * Takes a place for one request in `lane`, or throws 429 over_request_rate_limit (Retry-After: 1)
 * when the lane is full, before the request costs a database query or a hash. Returns the release.
 */
export function admitToHashing(lane: HashLane): () => void {
  if (inFlight[lane] >= MAX_IN_FLIGHT[lane]) {
    throw authError('over_request_rate_limit', AUTH_MESSAGES.rateLimited, {
      headers: { 'Retry-After': '1' },
    });
  }
  inFlight[lane] += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    inFlight[lane] -= 1;
  };
}

/** Requests of each lane in flight now (for tests and logs). */
export function hashingInFlight(): Readonly<Record<HashLane, number>> {
  return { ...inFlight };
}

/** Runs `work` (one hash) once a thread is free; sign-ins waiting go before new passwords. */
export async function runHash<T>(lane: HashLane, work: () => Promise<T>): Promise<T> {
  if (hashing < MAX_CONCURRENT_HASHES) hashing += 1;
  else await new Promise<void>((resolve) => waiting[lane].push(resolve));
  try {
    return await work();
  } finally {
    // The slot passes straight to the next waiter, so no newcomer can slip in between.
    const next = waiting['sign-in'].shift() ?? waiting['new-password'].shift();
    if (next) next();
    else hashing -= 1;
  }
}
