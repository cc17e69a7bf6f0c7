import { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { apiErrorBody, type CrossCuttingError } from './api-errors.ts';
import { JsonDepthScanner } from './json-depth.ts';

export interface BodyLimitOptions {
  /** The largest request body accepted, in bytes. */
  maxBytes: number;
  /** How deeply a JSON body may nest arrays and objects; checked on the bytes, before parsing. */
  maxJsonDepth: number;
}

/** Bodies no handler parses as JSON: their brackets are not nesting. */
const NOT_JSON = /^\s*(application\/x-www-form-urlencoded|multipart\/|text\/csv)/i;

function refuse(c: Context, status: 400 | 413, error: CrossCuttingError, message: string) {
  const { body, headers } = apiErrorBody(c.req.path, error, message);
  for (const [name, value] of Object.entries(headers)) c.header(name, value);
  // The rest of the body stays unread: the connection cannot carry another request.
  c.header('Connection', 'close');
  return c.json(body, status);
}

/** A request body's chunks as they arrive; leaving the loop early stops reading. */
async function* webChunks(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  let done = false;
  try {
    for (;;) {
      const read = await reader.read();
      if (read.done) {
        done = true;
        return;
      }
      yield read.value;
    }
  } finally {
    if (!done) void reader.cancel().catch(() => undefined);
  }
}

/**
 * The Node request under @hono/node-server (c.env.incoming). Read through c.req.raw, its body
 * would be wrapped in a web Request and stream, and the checked bytes in a second Request: about a
 * sixth of the CPU of a token refresh. In-process requests (app.request) have only the web body.
 */
function nodeRequest(c: Context): IncomingMessage | undefined {
  const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming;
  return incoming instanceof IncomingMessage ? incoming : undefined;
}

const utf8 = new TextDecoder();

/**
 * Hands the checked bytes on: the handlers' c.req.text() (decoded as fetch's text() decodes) and
 * c.req.arrayBuffer() answer from them, and c.req.raw, if anything reads its body, gets them from
 * the Node request's rawBody, which @hono/node-server uses when it builds the web Request.
 */
function handOn(
  c: Context,
  incoming: IncomingMessage | undefined,
  body: Uint8Array<ArrayBuffer>,
): void {
  if (!incoming) {
    c.req.raw = new Request(c.req.raw, { body });
    return;
  }
  Object.assign(incoming, { rawBody: Buffer.from(body.buffer, body.byteOffset, body.byteLength) });
  const cache = c.req.bodyCache as Record<string, Promise<unknown>>;
  cache.arrayBuffer = Promise.resolve(body.buffer);
  cache.text = Promise.resolve(utf8.decode(body));
}

/**
 * Reads a request body under two limits and hands it on whole: over `maxBytes` is 413, JSON
 * nested deeper than `maxJsonDepth` is 400, both in the error shape of the API at the path and
 * decided while the bytes arrive, so a hostile body costs a byte scan and no parse.
 */
export function bodyLimit(options: BodyLimitOptions): MiddlewareHandler {
  const tooLarge = `Request body too large: the limit is ${options.maxBytes} bytes`;
  const tooDeep = `JSON nested too deeply: at most ${options.maxJsonDepth} levels of arrays and objects`;
  return async function bodyLimitMiddleware(c, next) {
    // Bodyless requests pass without touching c.req.raw: on @hono/node-server that would build a
    // full web Request for every GET, a measurable cost on the hottest path (order history).
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return next();
    const declared = Number(c.req.header('content-length'));
    if (declared > options.maxBytes) return refuse(c, 413, 'payload_too_large', tooLarge);
    const incoming = nodeRequest(c);
    const stream = incoming ? undefined : c.req.raw.body;
    if (!incoming && !stream) return next();
    // The rest of a refused body stays unread (never destroyed: the answer still has to go out).
    const source = incoming ? incoming.iterator({ destroyOnReturn: false }) : webChunks(stream!);

    const scanner = NOT_JSON.test(c.req.header('content-type') ?? '')
      ? null
      : new JsonDepthScanner(options.maxJsonDepth);
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of source as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      const problem =
        size > options.maxBytes ? 413 : scanner && !scanner.push(chunk) ? 400 : undefined;
      if (problem) {
        return problem === 413
          ? refuse(c, 413, 'payload_too_large', tooLarge)
          : refuse(c, 400, 'bad_json', tooDeep);
      }
      chunks.push(chunk);
    }
    const body = new Uint8Array(size);
    let at = 0;
    for (const chunk of chunks) {
      body.set(chunk, at);
      at += chunk.byteLength;
    }
    handOn(c, incoming, body);
    return next();
  };
}
