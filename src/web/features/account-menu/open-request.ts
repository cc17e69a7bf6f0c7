// A click on the account button while the menu's chunk is still loading is not lost: the
// placeholder records it and the menu, once mounted, opens. It is a tiny external store because
// React may render the menu before it commits (Suspense reveals are throttled), so a click can
// land on the placeholder after the menu has read its initial state.
let requested = false;
const listeners = new Set<() => void>();

function set(value: boolean): void {
  if (requested === value) return;
  requested = value;
  for (const listener of listeners) listener();
}

export const requestOpen = (): void => set(true);
export const clearOpenRequest = (): void => set(false);
export const openRequested = (): boolean => requested;

export function subscribeOpenRequest(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
