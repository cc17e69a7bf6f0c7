// The one way the web app calls a server function under /functions/v1: with the official client,
// its answer parsed with the function's contract (src/contracts/functions), its failure with the
// shared error schema. A feature reads `answer` or `message`; nothing else reads a function's JSON.
import type { FunctionsClient } from '@supabase/functions-js';
import * as z from 'zod/mini';
import { type FunctionContract } from '../../contracts/functions/contract.ts';
import { functionErrorSchema, type FunctionError } from '../../contracts/functions/error.ts';

/** Why a call brought no answer. */
export interface FunctionFailure {
  ok: false;
  /**
   * refused: the server answered an error (`error` when its body is the error schema's);
   * malformed: a 2xx whose body does not fit the contract; unreachable: no answer at all.
   */
  reason: 'refused' | 'malformed' | 'unreachable';
  /** The HTTP status; null when there was none, or functions-js could not read the body. */
  status: number | null;
  error: FunctionError | null;
  /** The server's message, or what went wrong, in words to show. */
  message: string;
}

export type FunctionResult<Answer> =
  { ok: true; status: number; answer: Answer; response: Response | undefined } | FunctionFailure;

/** A GET request's fields as its query string; fields left out, null or empty are not sent. */
function queryOf(request: unknown): string {
  const params = new URLSearchParams();
  if (typeof request === 'object' && request !== null) {
    for (const [key, value] of Object.entries(request)) {
      if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
    }
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

async function jsonOf(response: Response): Promise<unknown> {
  try {
    const body: unknown = await response.json();
    return body;
  } catch {
    return null;
  }
}

/** A non-2xx answer: the contract's answer where it lists the status, else the error schema's. */
async function failureOf<Answer>(
  contract: FunctionContract<unknown, Answer>,
  response: Response,
): Promise<FunctionResult<Answer>> {
  const { status } = response;
  const body = await jsonOf(response);
  if (contract.answerStatuses?.includes(status)) {
    const answer = z.safeParse(contract.answer, body);
    if (answer.success) return { ok: true, status, answer: answer.data, response };
  }
  const error = z.safeParse(functionErrorSchema, body);
  if (error.success) {
    return { ok: false, reason: 'refused', status, error: error.data, message: error.data.message };
  }
  const message = `The server answered ${status} without saying why.`;
  return { ok: false, reason: 'refused', status, error: null, message };
}

/**
 * Calls `contract`'s function with `request`: a JSON body, or the query string of a GET.
 * functions-js hands a non-2xx answer back as an error whose context is the unread Response, and
 * a network failure as one whose context is the Error fetch threw.
 */
export async function callFunction<Request extends Record<string, unknown>, Answer>(
  functions: FunctionsClient,
  contract: FunctionContract<Request, Answer>,
  request: Request,
): Promise<FunctionResult<Answer>> {
  const { data, error, response } =
    contract.method === 'GET'
      ? await functions.invoke<unknown>(`${contract.name}${queryOf(request)}`, { method: 'GET' })
      : await functions.invoke<unknown>(contract.name, { body: request });
  const malformed = `The server answered without ${contract.holds}.`;
  if (!error) {
    const status = response?.status ?? 200;
    const answer = z.safeParse(contract.answer, data);
    if (answer.success) return { ok: true, status, answer: answer.data, response };
    return { ok: false, reason: 'malformed', status, error: null, message: malformed };
  }
  const context: unknown = error instanceof Error && 'context' in error ? error.context : undefined;
  if (context instanceof Response) return failureOf(contract, context);
  if (context instanceof Error) {
    return {
      ok: false,
      reason: 'unreachable',
      status: null,
      error: null,
      message: context.message,
    };
  }
  // functions-js could not read a 2xx body its Content-Type called JSON.
  return { ok: false, reason: 'malformed', status: null, error: null, message: malformed };
}
