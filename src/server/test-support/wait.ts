/**
 * Polls `check` every 50 ms until it resolves a value (not undefined), for what arrives on its own
 * time, such as a webhook the sandbox delivers; rejects after `timeoutMs`.
 */
export async function waitFor<T>(
  check: () => Promise<T | undefined>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('waitFor: timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}
