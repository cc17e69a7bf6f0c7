import type * as z from 'zod/mini';

/**
 * A server function under /functions/v1 as both sides know it: where it is, how it is called, and
 * the schemas of its request and of its answer. The server parses requests with `request` and
 * builds answers of `answer`'s type; the web app calls it through one helper that parses answers
 * with `answer` and failures with functionErrorSchema (error.ts).
 */
export interface FunctionContract<Request = unknown, Answer = unknown> {
  /** The path under /functions/v1. */
  readonly name: string;
  /** POST sends the request as a JSON body; GET sends it as the query string. */
  readonly method: 'GET' | 'POST';
  readonly request: z.ZodMiniType<unknown, Request>;
  readonly answer: z.ZodMiniType<Answer>;
  /** What a good answer holds, for the message when one does not fit: "the orders". */
  readonly holds: string;
  /** Error statuses that still carry the answer, not an error (outcomes a caller may retry). */
  readonly answerStatuses?: readonly number[];
}

/** What a caller sends: the request schema's input (defaults may be left out). */
export type RequestOf<F> = F extends FunctionContract<infer Request, unknown> ? Request : never;

/** What a caller gets back once the answer parsed. */
export type AnswerOf<F> = F extends FunctionContract<unknown, infer Answer> ? Answer : never;
