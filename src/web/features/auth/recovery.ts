// Which user arrived in this tab through a password reset link: only they may set a new password
// on #/resetPassword without the old one. Kept in sessionStorage (this tab, survives a reload).

const KEY = 'keebshop.recovery';

export function markRecovery(userId: string): void {
  try {
    sessionStorage.setItem(KEY, userId);
  } catch {
    // Storage blocked: the page still works until it is left.
  }
  memory = userId;
}

let memory: string | null = null;

export function isRecovering(userId: string): boolean {
  try {
    return (sessionStorage.getItem(KEY) ?? memory) === userId;
  } catch {
    return memory === userId;
  }
}

export function endRecovery(): void {
  memory = null;
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing stored
  }
}
