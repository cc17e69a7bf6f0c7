import { useEffect, useRef, type ReactNode } from 'react';
import './dialog.css';

export interface DialogProps {
  /** Id of the element that names the dialog (usually its heading). */
  labelledBy: string;
  /** Called when the user asks to close: the X, Escape or a click on the backdrop. */
  onClose: () => void;
  children: ReactNode;
  className?: string;
  closeLabel?: string;
}

// Nested dialogs each lock scroll; the page scrolls again only when the last one closes.
let scrollLocks = 0;
let savedOverflow = '';
let savedGutter = '';

function lockScroll() {
  const root = document.documentElement;
  if (scrollLocks++ === 0) {
    savedOverflow = root.style.overflow;
    savedGutter = root.style.scrollbarGutter;
    // Keep the scrollbar's room so the page behind does not shift sideways.
    if (root.scrollHeight > root.clientHeight) root.style.scrollbarGutter = 'stable';
    root.style.overflow = 'hidden';
  }
}

function unlockScroll() {
  const root = document.documentElement;
  if (--scrollLocks === 0) {
    root.style.overflow = savedOverflow;
    root.style.scrollbarGutter = savedGutter;
  }
}

/**
 * A modal on the native <dialog>: showModal() moves focus in and makes the page inert; Escape,
 * the Close button and a click on the backdrop ask the owner to close. The owner mounts it to
 * open it and unmounts it to close it; focus then returns to whatever opened it.
 */
export function Dialog({
  labelledBy,
  onClose,
  children,
  className,
  closeLabel = 'Close',
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    let closingOurselves = false;
    let pressedOnBackdrop = false;

    // Escape: keep React in charge of whether the dialog is mounted.
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    // Browsers may close a modal without a cancelable cancel event (repeated Escape). The close
    // event arrives a task later, so one from our own close() can reach a dialog opened again
    // since (React's StrictMode runs this effect twice): only a dialog still closed counts.
    const onNativeClose = () => {
      if (!closingOurselves && !dialog.open) onCloseRef.current();
    };
    // A click whose press and release both land on the <dialog> itself hit the backdrop: the
    // content fills the dialog box, so a selection dragged out of the content does not count.
    const onPointerDown = (event: PointerEvent) => {
      pressedOnBackdrop = event.target === dialog;
    };
    const onClick = (event: MouseEvent) => {
      if (event.target === dialog && pressedOnBackdrop) onCloseRef.current();
      pressedOnBackdrop = false;
    };

    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onNativeClose);
    dialog.addEventListener('pointerdown', onPointerDown);
    dialog.addEventListener('click', onClick);
    lockScroll();
    if (!dialog.open) dialog.showModal();

    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onNativeClose);
      dialog.removeEventListener('pointerdown', onPointerDown);
      dialog.removeEventListener('click', onClick);
      closingOurselves = true;
      if (dialog.open) dialog.close();
      unlockScroll();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      className={['dialog', className].filter(Boolean).join(' ')}
    >
      <div className="dialog__body">
        <button
          type="button"
          className="dialog__close"
          aria-label={closeLabel}
          onClick={() => onClose()}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path
              d="M6 6l12 12M18 6L6 18"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
        </button>
        {children}
      </div>
    </dialog>
  );
}
