import { createContext } from 'react';
import type { ToastTone } from './ToastItem.tsx';

export interface ToastOptions {
  tone?: ToastTone;
}

export interface ToastApi {
  /** Shows a message in the page's live region; it goes away by itself or with its button. */
  show(message: string, options?: ToastOptions): void;
}

export const ToastContext = createContext<ToastApi | null>(null);
