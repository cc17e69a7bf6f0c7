import { useContext } from 'react';
import { ToastContext, type ToastApi } from './context.ts';
// The toasts' styles come with the hook, not the provider: only code that can show a toast needs
// them, and that code is all in lazy chunks, so home's first load skips them (~280 B gzipped).
// The live regions the provider renders stay empty, and so unstyled and invisible, until then.
import './toast.css';

/** The toast API of the nearest ToastProvider (the app wraps every page in one). */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast() needs a <ToastProvider> above it');
  return api;
}
