import { useEffect, useState } from 'react';

export type ToastTone = 'info' | 'success' | 'error';

export interface Toast {
  id: number;
  message: string;
  tone: ToastTone;
  group?: string;
}

// Errors stay a little longer: they usually ask the reader to do something.
export const TOAST_DURATION_MS: Record<ToastTone, number> = {
  info: 5000,
  success: 5000,
  error: 8000,
};

export function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  // Hovering or focusing a toast holds it (WCAG 2.2.1): it restarts its full time when left.
  const [held, setHeld] = useState(false);

  useEffect(() => {
    if (held) return;
    const timer = window.setTimeout(() => onDismiss(toast.id), TOAST_DURATION_MS[toast.tone]);
    return () => window.clearTimeout(timer);
  }, [held, onDismiss, toast.id, toast.tone]);

  return (
    <div
      className={`toast toast--${toast.tone}`}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <p className="toast__message">{toast.message}</p>
      {/* Named by aria-label only, so the live region announces just the message. */}
      <button
        type="button"
        className="toast__dismiss"
        aria-label="Dismiss notification"
        onClick={() => onDismiss(toast.id)}
      >
        <svg viewBox="0 0 16 16" aria-hidden="true">
          <path d="M4 4l8 8M12 4l-8 8" />
        </svg>
      </button>
    </div>
  );
}
