import { expect, it, vi } from 'vitest';
import { loadOnce } from './load-once.ts';

it('shares one load among callers, and tries again after a failure', async () => {
  const load = vi
    .fn<() => Promise<string>>()
    .mockRejectedValueOnce(new Error('chunk failed'))
    .mockResolvedValue('client');
  const get = loadOnce(load);
  await expect(get()).rejects.toThrow('chunk failed');
  const [a, b] = await Promise.all([get(), get()]);
  expect([a, b]).toEqual(['client', 'client']);
  expect(await get()).toBe('client');
  expect(load).toHaveBeenCalledTimes(2);
});
