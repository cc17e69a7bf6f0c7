// How the load runs make accounts: at most as many sign-ups at a time as one instance hashes new
// passwords. Past that an instance sheds sign-ups with 429 and Retry-After
// (src/server/auth/hash-queue.ts), which the runs would count as failures.
import { MAX_IN_FLIGHT } from '../../../src/server/auth/hash-queue.ts';

/** Sign-ups in flight at once. */
export const SIGN_UPS_AT_ONCE = MAX_IN_FLIGHT['new-password'];

/** A gate that runs the sign-ups passed to it SIGN_UPS_AT_ONCE at a time, in the order they came. */
export function signUpGate(): <T>(signUp: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (signUp) => {
    if (running >= SIGN_UPS_AT_ONCE) await new Promise<void>((r) => waiting.push(r));
    else running += 1;
    try {
      return await signUp();
    } finally {
      const next = waiting.shift();
      if (next)
        next(); // its turn passes straight on
      else running -= 1;
    }
  };
}
