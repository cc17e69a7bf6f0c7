import { afterEach, beforeEach, vi } from 'vitest';

// A test that makes the code under test log an unexpected console.error fails (Epic Stack habit).
// A test that expects an error log spies on console.error itself and restores it.
let errors: unknown[][] = [];
let spy: ReturnType<typeof vi.spyOn> | undefined;

beforeEach(() => {
  errors = [];
  spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});

afterEach(() => {
  spy?.mockRestore();
  if (errors.length > 0) {
    const first = errors[0]?.map(String).join(' ');
    throw new Error(`Unexpected console.error (${errors.length}): ${first}`);
  }
});
