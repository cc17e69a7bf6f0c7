import type { FunctionsClient } from '@supabase/functions-js';
import {
  confirmCheckoutFunction,
  type ConfirmCheckoutAnswer,
  type ConfirmCheckoutRequest,
} from '../../../contracts/functions/confirm-checkout.ts';
import { callFunction } from '../../lib/functions.ts';
import { CONFIRMATION_TEXT as T } from './texts.ts';

/** The server's answer to confirm-checkout (src/contracts/functions/confirm-checkout.ts). */
export type ConfirmOutcome = ConfirmCheckoutAnswer;

/** The outcome the server answered; any failure is an "error" outcome with its message. */
async function confirm(
  functions: FunctionsClient,
  request: ConfirmCheckoutRequest,
): Promise<ConfirmOutcome> {
  const result = await callFunction(functions, confirmCheckoutFunction, request);
  if (result.ok) return result.answer;
  return { status: 'error', paymentStatus: null, saved: 0, skipped: 0, message: result.message };
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
    const verified = await confirm(functions, { session_id: sessionId, verify_only: true });
    if (verified.status !== 'verified') return finish(verified);
    set({
      message: verified.warning ? T.savingWithWarning : T.saving,
      warning: verified.warning ?? null,
    });
    finish(await confirm(functions, { session_id: sessionId }));
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
