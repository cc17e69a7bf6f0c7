import type { FunctionsClient } from '@supabase/functions-js';
import {
  CONFIRM_STATUSES,
  type ConfirmCheckoutAnswer,
  type ConfirmedOrder,
} from '../../../contracts/index.ts';
import { invokeFunction, type FunctionAnswer } from './invoke.ts';
import { CONFIRMATION_TEXT as T } from './texts.ts';

/** The server's answer to confirm-checkout (src/contracts/confirm-checkout.ts). */
export type ConfirmOutcome = ConfirmCheckoutAnswer;

/** Reads an outcome from a function answer; anything else is an error with the answer's message. */
export function outcomeOf(answer: FunctionAnswer): ConfirmOutcome {
  const body = answer.body ?? {};
  const status = CONFIRM_STATUSES.find((s) => s === body.status);
  if (!status) {
    const message = answer.ok ? 'The server gave an unexpected answer' : answer.message;
    return { status: 'error', paymentStatus: null, saved: 0, skipped: 0, message };
  }
  const count = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : 0);
  return {
    status,
    paymentStatus: typeof body.paymentStatus === 'string' ? body.paymentStatus : null,
    saved: count(body.saved),
    skipped: count(body.skipped),
    ...(typeof body.warning === 'string' ? { warning: body.warning } : {}),
    ...(typeof body.message === 'string' ? { message: body.message } : {}),
    ...(isConfirmedOrder(body.order) ? { order: body.order } : {}),
  };
}

/** The server's order, when the answer has one of the agreed shape (else the page omits it). */
function isConfirmedOrder(value: unknown): value is ConfirmedOrder {
  if (typeof value !== 'object' || value === null) return false;
  const o = value as Record<string, unknown>;
  const cents = (v: unknown) => typeof v === 'number' && Number.isInteger(v);
  return (
    typeof o.number === 'string' &&
    Array.isArray(o.lines) &&
    cents(o.subtotalCents) &&
    cents(o.shippingCents) &&
    cents(o.totalCents)
  );
}

/** The final message of docs/product.md, Order confirmation, for an outcome. */
export function finalMessage(outcome: ConfirmOutcome): string {
  switch (outcome.status) {
    case 'saved':
      return T.saved;
    case 'partially_saved':
      return T.partiallySaved(outcome.saved, outcome.skipped);
    case 'save_failed':
      return T.saveFailed;
    case 'not_paid':
      return T.notPaid(outcome.paymentStatus ?? T.unknownStatus);
    case 'no_items':
      return T.noItems;
    case 'no_user':
      return T.noUser;
    case 'verified':
    case 'error':
      return T.error(outcome.message ?? 'unknown error');
  }
}

export interface ConfirmationState {
  message: string;
  /** The server's user check warning, when there is one. */
  warning: string | null;
  done: boolean;
  outcome: ConfirmOutcome | null;
}

export interface Confirmation {
  getState(): ConfirmationState;
  subscribe(listener: () => void): () => void;
  /** Runs the confirmation; later calls do nothing, so it happens once per visit. */
  start(): void;
}

/**
 * The success page's work for one session: verify (paid, items, owner), then save, showing the
 * progress and final messages of docs/product.md, Order confirmation. `onSaved` runs once the order
 * is in the history.
 */
export function createConfirmation(
  sessionId: string,
  deps: { functions: () => Promise<FunctionsClient>; onSaved: () => void },
): Confirmation {
  let state: ConfirmationState = {
    message: T.verifying,
    warning: null,
    done: false,
    outcome: null,
  };
  const listeners = new Set<() => void>();
  let started = false;
  const set = (next: Partial<ConfirmationState>) => {
    state = { ...state, ...next };
    listeners.forEach((listener) => listener());
  };
  const finish = (outcome: ConfirmOutcome) => {
    set({
      message: finalMessage(outcome),
      done: true,
      outcome,
      warning: outcome.warning ?? state.warning,
    });
    if (outcome.status === 'saved' || outcome.status === 'partially_saved') deps.onSaved();
  };

  async function run() {
    const functions = await deps.functions();
    set({ message: T.retrieving });
    const verified = outcomeOf(
      await invokeFunction(functions, 'confirm-checkout', {
        session_id: sessionId,
        verify_only: true,
      }),
    );
    if (verified.status !== 'verified') return finish(verified);
    set({
      message: verified.warning ? T.savingWithWarning : T.saving,
      warning: verified.warning ?? null,
    });
    finish(
      outcomeOf(await invokeFunction(functions, 'confirm-checkout', { session_id: sessionId })),
    );
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      if (started) return;
      started = true;
      run().catch((error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        finish({ status: 'error', paymentStatus: null, saved: 0, skipped: 0, message });
      });
    },
  };
}
