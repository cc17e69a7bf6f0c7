import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { ToastItem, type Toast } from './ToastItem.tsx';
import { ToastContext, type ToastApi } from './context.ts';

// toast.css is imported by use-toast.ts, not here: see there.

// More than this many at once is noise: the oldest make room.
const MAX_VISIBLE = 3;
let nextId = 1;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<readonly Toast[]>([]);

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      show(message, options) {
        const group = options?.group;
        const toast: Toast = { id: nextId++, message, tone: options?.tone ?? 'info', group };
        setToasts((current) =>
          [...current.filter((t) => group === undefined || t.group !== group), toast].slice(
            -MAX_VISIBLE,
          ),
        );
      },
    }),
    [],
  );

  const polite = toasts.filter((toast) => toast.tone !== 'error');
  const urgent = toasts.filter((toast) => toast.tone === 'error');

  return (
    <ToastContext.Provider value={api}>
      {children}
      {/* Both live regions stay in the DOM, empty, so screen readers announce what gets added. */}
      <div className="toast-viewport">
        <div role="status" aria-live="polite" className="toast-stack">
          {polite.map((toast) => (
            <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
          ))}
        </div>
        <div role="alert" className="toast-stack">
          {urgent.map((toast) => (
            <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
          ))}
        </div>
      </div>
    </ToastContext.Provider>
  );
}
