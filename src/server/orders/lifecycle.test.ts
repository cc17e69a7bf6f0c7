// The lifecycle table, every pair of statuses: what the back office and the provider's events may
// do to an order and what they are refused (docs/product.md, Back office).
import { describe, expect, it } from 'vitest';
import {
  allows,
  canChange,
  nextStatus,
  ORDER_EVENTS,
  ORDER_STATUSES,
  OrderTransitionError,
  SETTLED_STATUSES,
  statusAfterRefunds,
  type OrderEvent,
  type OrderStatus,
} from './lifecycle.ts';

// Written out by hand, not derived from the table: a change to the table must change this too.
const ALLOWED: Record<OrderStatus, readonly OrderStatus[]> = {
  paid: ['shipped', 'cancelled', 'refunded'],
  shipped: ['delivered', 'refunded'],
  delivered: ['refunded'],
  cancelled: [],
  refunded: [],
};

const EVENTS: Record<OrderEvent, { from: readonly OrderStatus[]; to: OrderStatus }> = {
  ship: { from: ['paid'], to: 'shipped' },
  deliver: { from: ['shipped'], to: 'delivered' },
  cancel: { from: ['paid'], to: 'cancelled' },
  refund: { from: ['paid', 'shipped', 'delivered'], to: 'refunded' },
};

const pairs = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to] as const));

describe('the order lifecycle table', () => {
  it.each(pairs)('%s → %s is allowed exactly when the expected table says so', (from, to) => {
    expect(canChange(from, to)).toBe(ALLOWED[from].includes(to));
  });

  it('has the expected events, and nothing else', () => {
    expect(ORDER_EVENTS).toEqual(EVENTS);
  });

  const cases = (Object.keys(EVENTS) as OrderEvent[]).flatMap((event) =>
    ORDER_STATUSES.map((status) => [event, status] as const),
  );

  it.each(cases)('%s on an order %s: the next status, or the 409 message', (event, status) => {
    const order = { order_number: 'KS-10001', status };
    if (EVENTS[event].from.includes(status)) {
      expect(allows(event, status)).toBe(true);
      expect(nextStatus(order, event)).toBe(EVENTS[event].to);
      return;
    }
    expect(allows(event, status)).toBe(false);
    const refusal = (() => {
      try {
        nextStatus(order, event);
      } catch (err) {
        return err;
      }
      return null;
    })();
    expect(refusal).toBeInstanceOf(OrderTransitionError);
    expect(refusal).toMatchObject({
      code: 'invalid_transition',
      message: `Order KS-10001 is ${status}: it cannot be ${EVENTS[event].to}.`,
      details: { status },
    });
  });

  it('settles delivered, cancelled and refunded orders (their addresses expire)', () => {
    expect(SETTLED_STATUSES).toEqual(['delivered', 'cancelled', 'refunded']);
  });

  it.each(ORDER_STATUSES)('a refund of an order %s: full or partial', (status) => {
    const refundable = EVENTS.refund.from.includes(status);
    expect(statusAfterRefunds(status, 5000, 5000)).toBe(refundable ? 'refunded' : status);
    expect(statusAfterRefunds(status, 1200, 5000)).toBe(status);
    expect(statusAfterRefunds(status, 0, 5000)).toBe(status);
  });
});
