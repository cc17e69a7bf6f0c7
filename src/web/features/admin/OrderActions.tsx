import { useState } from 'react';
import type { StaffOrder } from '../../../contracts/functions/staff-order.ts';
import { allows } from '../../../contracts/order-lifecycle.ts';
import { useToast } from '../../components/toast/index.ts';
import { useSessionStore } from '../../lib/session-react.tsx';
import { runAction, type ActionName, type ActionRequest } from './api.ts';
import { CancelDialog } from './CancelDialog.tsx';
import { formatPrice } from './format.ts';
import { RefundForm } from './RefundForm.tsx';
import { ShipForm } from './ShipForm.tsx';
import { ADMIN_TEXT as T } from './texts.ts';

/** Runs one action at a time; the caller says what to announce once the server agreed. */
export type Run = <N extends ActionName>(
  name: N,
  request: ActionRequest<N>,
  announce: (order: StaffOrder) => string,
) => Promise<boolean>;

type Open = 'ship' | 'refund' | 'cancel' | null;

/**
 * The transitions this order allows (docs/product.md, Back office), from the lifecycle table the
 * server checks too: ship and cancel a paid order, deliver a shipped one, refund what is left of
 * any order not cancelled. The server decides in the end; its refusal is shown as it gave it.
 */
export function OrderActions({ order, onChanged }: { order: StaffOrder; onChanged: () => void }) {
  const store = useSessionStore();
  const toast = useToast();
  const [open, setOpen] = useState<Open>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remaining = order.total_cents - order.refunded_cents;
  const canShip = allows('ship', order.status);
  const canCancel = allows('cancel', order.status);
  const canDeliver = allows('deliver', order.status);
  const canRefund = allows('refund', order.status) && remaining > 0;

  const run: Run = async (name, request, announce) => {
    if (pending) return false;
    setPending(true);
    setError(null);
    try {
      const backend = await store.backend();
      const result = await runAction(backend, name, request);
      if (!result.ok) {
        const why = result.reason === 'unreachable' ? T.networkFailed : result.message;
        setError(`${T.actionFailed} ${why}`);
        return false;
      }
      toast.show(announce(result.order), { tone: 'success' });
      setOpen(null);
      onChanged();
      return true;
    } catch (caught) {
      setError(`${T.actionFailed} ${caught instanceof Error ? caught.message : String(caught)}`);
      return false;
    } finally {
      setPending(false);
    }
  };

  const toggle = (which: Exclude<Open, null>) => {
    setError(null);
    setOpen(open === which ? null : which);
  };
  const number = order.order_number;
  const none = !canShip && !canCancel && !canDeliver && !canRefund;

  return (
    <section aria-labelledby="admin-actions" className="admin-section admin-actions">
      <h2 id="admin-actions">{T.actions}</h2>
      {none ? (
        <p>{T.noActions}</p>
      ) : (
        <div className="admin-actions__buttons">
          {canShip && (
            <button
              type="button"
              className="button"
              aria-expanded={open === 'ship'}
              onClick={() => toggle('ship')}
            >
              {T.markShipped}
            </button>
          )}
          {canDeliver && (
            <button
              type="button"
              className="button"
              aria-disabled={pending}
              onClick={() =>
                void run('admin-deliver', { orderNumber: number }, () => T.delivered(number))
              }
            >
              {T.markDelivered}
            </button>
          )}
          {canRefund && (
            <button
              type="button"
              className="button"
              aria-expanded={open === 'refund'}
              onClick={() => toggle('refund')}
            >
              {T.refund}
            </button>
          )}
          {canCancel && (
            <button
              type="button"
              className="button button--danger"
              onClick={() => toggle('cancel')}
            >
              {T.cancelOrder}
            </button>
          )}
        </div>
      )}
      <p role="status" className="admin-hint">
        {pending ? T.working : ''}
      </p>
      {error && open !== 'cancel' && (
        <p role="alert" className="admin-error">
          {error}
        </p>
      )}
      {open === 'ship' && canShip && (
        <ShipForm
          pending={pending}
          onCancel={() => setOpen(null)}
          onSubmit={(carrier, trackingNumber) =>
            run('admin-ship', { orderNumber: number, carrier, trackingNumber }, () =>
              T.shipped(number),
            )
          }
        />
      )}
      {open === 'refund' && canRefund && (
        <RefundForm
          orderNumber={number}
          remainingCents={remaining}
          taxBasis={order}
          pending={pending}
          error={error}
          onCancel={() => setOpen(null)}
          onSubmit={(amountCents, returnToStock) =>
            run(
              'admin-refund',
              { orderNumber: number, amountCents, ...(returnToStock && { returnToStock }) },
              () => T.refundedDone(formatPrice(amountCents), number),
            )
          }
        />
      )}
      {open === 'cancel' && canCancel && (
        <CancelDialog
          orderNumber={number}
          remainingCents={remaining}
          pending={pending}
          error={error}
          onClose={() => setOpen(null)}
          onConfirm={() => run('admin-cancel', { orderNumber: number }, () => T.cancelled(number))}
        />
      )}
    </section>
  );
}
