import type { FunctionsClient } from '@supabase/functions-js';

/** The answer of a server function: its JSON, or why there is none. */
export type FunctionAnswer =
  | { ok: true; status: number; body: Record<string, unknown> }
  | { ok: false; status: number | null; body: Record<string, unknown> | null; message: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function jsonOf(response: unknown): Promise<Record<string, unknown> | null> {
  if (!(response instanceof Response)) return null;
  try {
    const body: unknown = await response.json();
    return isRecord(body) ? body : null;
  } catch {
    return null;
  }
}

/**
 * Calls a function under /functions/v1 with the official client and reads its JSON either way:
 * functions-js hands a non-2xx answer back as an error whose context is the unread Response.
 */
export async function invokeFunction(
  functions: FunctionsClient,
  name: string,
  body: Record<string, unknown>,
): Promise<FunctionAnswer> {
  const { data, error, response } = await functions.invoke<unknown>(name, { body });
  if (!error) {
    return { ok: true, status: response?.status ?? 200, body: isRecord(data) ? data : {} };
  }
  const context: unknown = (error as { context?: unknown }).context;
  if (context instanceof Response) {
    const json = await jsonOf(context);
    const message = typeof json?.message === 'string' ? json.message : error.message;
    return { ok: false, status: context.status, body: json, message };
  }
  // Network failure: the context is the error fetch threw.
  const message = context instanceof Error ? context.message : error.message;
  return { ok: false, status: null, body: null, message };
}
