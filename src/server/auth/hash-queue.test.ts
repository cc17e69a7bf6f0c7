import { expect, it } from 'vitest';
import { HttpError } from '../http/errors.ts';
import {
  hashingInFlight,
  MAX_CONCURRENT_HASHES,
  checkRoom,
  MAX_IN_FLIGHT,
  MAX_PER_CLIENT,
  RESERVED_FOR_CLEAN,
  runHash,
  takePlace,
  type HashLane,
} from './hash-queue.ts';

/** A place kept at once, as the limits keep it once counted: its release. */
const admitToHashing = (lane: HashLane, client = '', clean = true) =>
  takePlace(lane, client).keep(clean);

it('answers 429 with Retry-After: 1 at once when a lane is full, and admits again once released', () => {
  const releases = Array.from({ length: MAX_IN_FLIGHT['new-password'] }, () =>
    admitToHashing('new-password'),
  );
  let refused: unknown;
  try {
    admitToHashing('new-password');
  } catch (err) {
    refused = err;
  }
  expect(refused).toBeInstanceOf(HttpError);
  expect(refused).toMatchObject({
    status: 429,
    body: { code: 'over_request_rate_limit' },
    headers: { 'Retry-After': '1' },
  });
  // The other lane is not full: sign-ins still get in.
  admitToHashing('sign-in')();
  releases[0]!();
  releases[0]!(); // releasing twice frees one place only
  admitToHashing('new-password')();
  for (const release of releases) release();
  expect(hashingInFlight()).toEqual({ 'sign-in': 0, 'new-password': 0 });
});

const refused = (admit: () => unknown) => {
  try {
    admit();
  } catch (err) {
    return err instanceof HttpError && err.status === 429;
  }
  return false;
};

it('gives one client a share of the sign-in places and keeps the last ones for clean clients', () => {
  const lane = 'sign-in';
  const perClient = MAX_PER_CLIENT[lane];
  const releases = Array.from({ length: perClient }, () => admitToHashing(lane, 'a', false));
  // A client at its share is refused before its limits are counted, and checking takes nothing.
  expect(refused(() => checkRoom(lane, 'a'))).toBe(true);
  expect(refused(() => admitToHashing(lane, 'a', true))).toBe(true);
  checkRoom(lane, 'b');
  expect(hashingInFlight()[lane]).toBe(perClient);
  // Clients with failures counted fill every place but the reserved ones...
  const open = MAX_IN_FLIGHT[lane] - RESERVED_FOR_CLEAN[lane];
  for (let n = perClient; n < open; n++) releases.push(admitToHashing(lane, `guesser-${n}`, false));
  expect(refused(() => admitToHashing(lane, 'guesser-new', false))).toBe(true);
  // ...which clean clients still get, up to the lane's size.
  for (let n = 0; n < RESERVED_FOR_CLEAN[lane]; n++) {
    releases.push(admitToHashing(lane, `shopper-${n}`, true));
  }
  expect(refused(() => admitToHashing(lane, 'shopper-late', true))).toBe(true);
  for (const release of releases) release();
  expect(hashingInFlight()).toEqual({ 'sign-in': 0, 'new-password': 0 });
  admitToHashing(lane, 'a', false)(); // released places are the client's again
});

it('runs a waiting sign-in before new passwords that were queued earlier', async () => {
  const order: string[] = [];
  const gates: (() => void)[] = [];
  const work = (label: string) => () =>
    new Promise<string>((resolve) => {
      order.push(label);
      gates.push(() => resolve(label));
    });
  // Fill every thread, then queue two new passwords and, last, a sign-in.
  const busy = Array.from({ length: MAX_CONCURRENT_HASHES }, (_, i) =>
    runHash('new-password', work(`busy-${i}`)),
  );
  const later = [
    runHash('new-password', work('signup-1')),
    runHash('new-password', work('signup-2')),
  ];
  const signIn = runHash('sign-in', work('sign-in'));
  await Promise.resolve();
  expect(order).toHaveLength(MAX_CONCURRENT_HASHES);
  gates.shift()!(); // one thread frees
  await busy[0];
  await new Promise((resolve) => setImmediate(resolve));
  expect(order.at(-1)).toBe('sign-in');
  while (gates.length) {
    gates.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
  }
  expect(await Promise.all([...busy, ...later, signIn])).toHaveLength(MAX_CONCURRENT_HASHES + 3);
  expect(order.slice(MAX_CONCURRENT_HASHES)).toEqual(['sign-in', 'signup-1', 'signup-2']);
});
