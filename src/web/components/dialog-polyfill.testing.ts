// jsdom has HTMLDialogElement but not showModal()/close() nor Escape handling. Component tests
// install this minimal stand-in; production code relies on the browser's own dialog.
const FOCUSABLE = 'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

export function installDialogPolyfill(): void {
  const proto = HTMLDialogElement.prototype;
  if (typeof proto.showModal === 'function') return;

  proto.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
    const target =
      this.querySelector<HTMLElement>('[autofocus]') ?? this.querySelector<HTMLElement>(FOCUSABLE);
    target?.focus();
  };
  proto.show = proto.showModal;
  proto.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.open = false;
    // Browsers queue the close event as a task: by the time it fires the dialog may be open again.
    setTimeout(() => this.dispatchEvent(new Event('close')), 0);
  };

  // As in browsers: Escape sends a cancelable "cancel" to the topmost open dialog, then closes it.
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const open = document.querySelectorAll<HTMLDialogElement>('dialog[open]');
    const top = open[open.length - 1];
    if (!top) return;
    const cancel = new Event('cancel', { cancelable: true });
    if (top.dispatchEvent(cancel)) top.close();
  });
}
