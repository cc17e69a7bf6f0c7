export { ToastProvider, useToast, type ToastApi, type ToastOptions } from './ToastProvider.tsx';
export type { ToastTone } from './ToastItem.tsx';
