import { StrictMode, useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog } from './Dialog.tsx';
import { installDialogPolyfill } from './dialog-polyfill.testing.ts';

beforeAll(installDialogPolyfill);

function Harness({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open details
      </button>
      {open && (
        <Dialog
          labelledBy="t"
          onClose={() => {
            onClose?.();
            setOpen(false);
          }}
        >
          <h2 id="t">Switch Tester</h2>
          <p>Sixteen switches on one board.</p>
          <button type="button">Inside</button>
        </Dialog>
      )}
    </>
  );
}

async function openDialog({
  strict = false,
  onClose,
}: { strict?: boolean; onClose?: () => void } = {}) {
  const user = userEvent.setup();
  render(
    strict ? (
      <StrictMode>
        <Harness onClose={onClose} />
      </StrictMode>
    ) : (
      <Harness onClose={onClose} />
    ),
  );
  const opener = screen.getByRole('button', { name: 'Open details' });
  await user.click(opener);
  const dialog = screen.getByRole('dialog', { name: 'Switch Tester' });
  return { user, opener, dialog };
}

describe('Dialog', () => {
  it('opens modally, named by its heading, with focus inside and the page scroll locked', async () => {
    const { dialog } = await openDialog();
    expect(dialog).toHaveProperty('open', true);
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(document.documentElement.style.overflow).toBe('hidden');
  });

  it('closes with the Close button and returns focus to the opener', async () => {
    const { user, opener } = await openDialog();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(document.documentElement.style.overflow).toBe('');
  });

  it('closes on Escape', async () => {
    const { user, opener } = await openDialog();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes on a click on the backdrop but not on a click inside', async () => {
    const { user, dialog } = await openDialog();
    await user.click(screen.getByText('Sixteen switches on one board.'));
    await user.click(screen.getByRole('button', { name: 'Inside' }));
    expect(screen.getByRole('dialog')).toBe(dialog);
    // A click on the <dialog> element itself, outside its content box, is a backdrop click.
    await user.click(dialog);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stays open under StrictMode, whose effects run twice in development', async () => {
    // The close event of StrictMode's first cleanup arrives a task later, once the dialog is open
    // again. Seen here from the document (capture phase, before the dialog's own listener); the
    // await resumes once that task, the whole dispatch, is over.
    const closeEvents: EventTarget[] = [];
    const closeHandled = new Promise<void>((resolve) =>
      document.addEventListener(
        'close',
        (event) => {
          closeEvents.push(event.target as EventTarget);
          resolve();
        },
        { capture: true, once: true },
      ),
    );
    const onClose = vi.fn();
    const { dialog } = await openDialog({ strict: true, onClose });
    await closeHandled;
    expect(closeEvents).toEqual([dialog]);
    // The owner was not asked to close, and the dialog stayed.
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(dialog).toHaveProperty('open', true);
  });

  it('tells its owner when the browser closes it without a cancel event', async () => {
    const { dialog } = await openDialog({ strict: true });
    if (!(dialog instanceof HTMLDialogElement)) throw new Error('not a <dialog>');
    dialog.close();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
