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

/**
 * A lane's share per client (address): a shopper signs in once at a time, so a few addresses
 * sending wrong passwords in bursts hold at most 4 places each, never the whole lane.
 */
export const MAX_PER_CLIENT: Record<HashLane, number> = { 'sign-in': 4, 'new-password': 8 };

/**
 * The last places of a lane, kept for clean clients: those with no failure counted against them in
 * the rate-limit window (their own attempt is the only one). Guessers from many addresses fill the
 * rest; shoppers who have not failed still get in.
 */
export const RESERVED_FOR_CLEAN: Record<HashLane, number> = { 'sign-in': 16, 'new-password': 0 };

const inFlight: Record<HashLane, number> = { 'sign-in': 0, 'new-password': 0 };
const byClient: Record<HashLane, Map<string, number>> = {
  'sign-in': new Map(),
  'new-password': new Map(),
};
let hashing = 0;
const waiting: Record<HashLane, (() => void)[]> = { 'sign-in': [], 'new-password': [] };

/** The 429 a full lane answers at once. */
export const queueFull = () =>
  authError('over_request_rate_limit', AUTH_MESSAGES.rateLimited, {
    headers: { 'Retry-After': '1' },
  });

/**
 * Throws 429 over_request_rate_limit (Retry-After: 1) when `client` could not take a place in
 * `lane` now, whatever its rate limits say: called before they are counted, it spends no query.
 * Takes nothing.
 */
export function checkRoom(lane: HashLane, client = ''): void {
  const mine = byClient[lane].get(client) ?? 0;
  if (inFlight[lane] >= MAX_IN_FLIGHT[lane] || mine >= MAX_PER_CLIENT[lane]) throw queueFull();
}

/** A place taken in a lane, before it is known whether its client is clean. */
export interface Place {
  /** Gives the place back (once; later calls do nothing). */
  release(): void;
  /**
   * Keeps the place and answers its release, unless the client is not `clean` and the place is
   * one of those kept for clean clients: then it is given back and 429 thrown.
   */
  keep(clean: boolean): () => void;
}

/** Takes a place for one request of `client` in `lane`, or throws 429 as checkRoom does. */
export function takePlace(lane: HashLane, client = ''): Place {
  checkRoom(lane, client);
  const reserved = inFlight[lane] >= MAX_IN_FLIGHT[lane] - RESERVED_FOR_CLEAN[lane];
  const release = occupy(lane, client);
  return {
    release,
    keep(clean) {
      if (clean || !reserved) return release;
      release();
      throw queueFull();
    },
  };
}

function occupy(lane: HashLane, client: string): () => void {
  const clients = byClient[lane];
  inFlight[lane] += 1;
  clients.set(client, (clients.get(client) ?? 0) + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    inFlight[lane] -= 1;
    const left = (clients.get(client) ?? 1) - 1;
    if (left > 0) clients.set(client, left);
    else clients.delete(client);
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
