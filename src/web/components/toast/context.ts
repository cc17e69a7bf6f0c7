import { createContext } from 'react';
import type { ToastTone } from './ToastItem.tsx';

export interface ToastOptions {
  tone?: ToastTone;
  /**
   * Toasts of one group replace each other: a quick run of "added" confirmations shows as one
   * toast, the newest, instead of a stack over the page.
   */
  group?: string;
}

export interface ToastApi {
  /** Shows a message in the page's live region; it goes away by itself or with its button. */
  show(message: string, options?: ToastOptions): void;
}

export const ToastContext = createContext<ToastApi | null>(null);
