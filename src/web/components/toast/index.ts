export { ToastProvider } from './ToastProvider.tsx';
export { useToast } from './use-toast.ts';
export type { ToastApi, ToastOptions } from './context.ts';
export type { ToastTone } from './ToastItem.tsx';
