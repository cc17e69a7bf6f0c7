// The server the api benchmark loads: the real app (composeApp, as main.ts builds it) on a fresh
// database, with one shopper who has 50 orders and a pool of signed-in sessions. Started by api.ts
// as a child process so the load generator and the server do not share an event loop. Reports
// {origin, historyPath, historyStatements, productPagePath, anonKey, userId, accessToken,
// refreshTokens} over IPC once it listens. historyStatements are the SQL and values the server
// sent to the database for one order-history request (as the measured ones are: not the first),
// which api.ts replays with pgbench to measure the database alone. The product page (ADR 0049) is
// the app's own, in the build's template (dist/pages/page.html) when there is one. Asked
// {batchLoad} once the HTTP load is over, it runs those statements through its own Database
// (api-direct.ts) and answers {batchLoad: LoadResult}; asked {bareHttp: 'plain' | 'shop'}, it
// serves them from a bare node:http server and answers {bareOrigin}; 'shop' answers carry the
// server's own headers and write its log line.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { composeApp } from '../../src/server/compose.ts';
import { loadConfig } from '../../src/server/config.ts';
import { runMigrations } from '../../src/server/db/migrate.ts';
import { openDatabase } from '../../src/server/db/open.ts';
import type { Database, Statement } from '../../src/server/db/types.ts';
import { createLogger } from '../../src/server/http/logger.ts';
import { root } from '../../src/server/test-support/launch.ts';
import { pagesDirOf } from '../../src/server/web/static.ts';
import { batchLoad, serveBare, type ShopAnswer } from './api-direct.ts';

const ORDERS = 50;
/** The product page measured beside the order history. */
const PRODUCT_PAGE_PATH = '/keebshop/products/mechanical-keyboard-pro';
const tmp = mkdtempSync(path.join(os.tmpdir(), 'keebshop-bench-api-'));
const webDir = path.join(tmp, 'web');
mkdirSync(webDir);
writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>bench</title>');
// Product pages go out in the built template (its script and style tags) as in production; without
// a build, in the bare one the server falls back to.
const builtTemplate = path.join(root, 'dist/pages/page.html');
if (existsSync(builtTemplate)) {
  mkdirSync(pagesDirOf(webDir));
  copyFileSync(builtTemplate, path.join(pagesDirOf(webDir), 'page.html'));
}

const config = loadConfig({
  ...process.env,
  HOST: '127.0.0.1',
  PORT: '0',
  DATA_DIR: path.join(tmp, 'data'),
  LOG_LEVEL: 'warn',
  // Setup signs in once per session below; the measured requests never hash a password.
  SIGNIN_RATE_LIMIT_PER_EMAIL: '100000',
  SIGNIN_RATE_LIMIT_PER_IP: '100000',
});
const sessions = Number(process.env.BENCH_SESSIONS ?? 64);

async function main(): Promise<void> {
  const db = await openDatabase({ ...config, poolSize: Number(process.env.BENCH_POOL_SIZE ?? 10) });
  await runMigrations(db);
  // Logged as `npm start` logs by default (one JSON line per request, at info), to /dev/null.
  const logger = createLogger({ level: 'info' });
  // Every request goes to the listening server: an access token's issuer is the origin it was
  // issued at, so tokens must come from the origin the load generator will use. The app, composed
  // once the port is known (the Host header must name it), serves from then on.
  const served: { fetch?: (req: Request) => Response | Promise<Response> } = {};
  const { origin, server } = await listen((req) => served.fetch!(req));
  const port = Number(new URL(origin).port);
  const composed = { config: { ...config, port }, db, webDir, isReady: () => true, logger };
  const { app, auth } = await composeApp(composed);
  served.fetch = app.fetch;
  const anonKey = auth.anonKey;
  const request = (pathname: string, init?: RequestInit) => fetch(`${origin}${pathname}`, init);
  const headers = { apikey: anonKey, 'Content-Type': 'application/json' };
  // Unique per run, so the benchmark can reuse a database (DATABASE_URL) without key conflicts.
  const runId = `${process.pid}_${Date.now()}`;
  const email = `bench-${runId}@keebshop.test`;
  const password = 'bench-password-123';
  const signup = await request('/auth/v1/signup', {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password }),
  });
  if (!signup.ok) throw new Error(`signup failed: ${signup.status} ${await signup.text()}`);
  const signIn = async () => {
    const res = await request('/auth/v1/token?grant_type=password', {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password }),
    });
    if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
    return (await res.json()) as {
      access_token: string;
      refresh_token: string;
      user: { id: string };
    };
  };
  const first = await signIn();
  const refreshTokens = [first.refresh_token];
  while (refreshTokens.length < sessions) refreshTokens.push((await signIn()).refresh_token);

  // Orders are written by the server (fulfilment), never by clients: seed them as the owner.
  for (let i = 0; i < ORDERS; i++) {
    await db.query(
      `INSERT INTO public.orders (user_id, product_name, selected_color, quantity, price,
         checkout_session_id, line_number, product_key, created_at)
       VALUES ($1, $2, 'Black', $3, $4, $5, $6, 'keyboards:1', now() - make_interval(mins => $6))`,
      [
        first.user.id,
        `Bench Board ${i}`,
        1 + (i % 3),
        '129.99',
        `cs_bench_${runId}_${Math.floor(i / 5)}`,
        i,
      ],
    );
  }

  const historyPath = `/rest/v1/orders?select=*&user_id=eq.${first.user.id}&order=created_at.desc`;
  // As the load generator asks: no Accept-Encoding (fetch would ask for gzip by default).
  const historyRequest = () =>
    request(historyPath, {
      headers: {
        apikey: anonKey,
        Authorization: `Bearer ${first.access_token}`,
        'Accept-Encoding': 'identity',
      },
    });
  // Captured from the second request, as every measured one is sent: the first verifies the token,
  // later ones find it verified and confirm its session in the database instead.
  const shopHeaders = await historyRequest().then(async (res) => {
    await res.arrayBuffer();
    return answerHeaders(res.headers);
  });
  const historyStatements = await statementsSentBy(db, historyRequest);

  process.send?.({
    origin,
    historyPath,
    historyStatements,
    productPagePath: PRODUCT_PAGE_PATH,
    productPageTemplate: existsSync(builtTemplate) ? builtTemplate : 'bare',
    anonKey,
    userId: first.user.id,
    accessToken: first.access_token,
    refreshTokens,
    kind: db.kind,
  });
  // api.ts asks, once the HTTP load is over, for the database alone through this very Database,
  // and for a bare node:http server around it.
  let bare: Awaited<ReturnType<typeof serveBare>> | undefined;
  process.on(
    'message',
    (m: {
      batchLoad?: { concurrency: number; seconds: number; warmupSeconds: number };
      bareHttp?: 'plain' | 'shop';
    }) => {
      if (m.bareHttp) {
        const shop: ShopAnswer = {
          headers: shopHeaders,
          log: (line) => logger.info(line, 'request'),
        };
        serveBare(db, historyStatements, m.bareHttp === 'shop' ? shop : undefined).then(
          (started) => {
            bare = started;
            process.send?.({ bareOrigin: started.origin });
          },
          (err: unknown) => process.send?.({ bareError: String(err) }),
        );
        return;
      }
      if (!m.batchLoad) return;
      batchLoad(db, historyStatements, { ...m.batchLoad, rows: ORDERS }).then(
        (result) => process.send?.({ batchLoad: result }),
        (err: unknown) => process.send?.({ batchLoadError: String(err) }),
      );
    },
  );
  const stop = () => {
    server.close();
    void bare?.close();
    void db.close().finally(() => {
      rmSync(tmp, { recursive: true, force: true });
      process.exit(0);
    });
  };
  process.on('SIGTERM', stop);
  process.on('disconnect', stop);
}

/** The headers of one of the server's answers, but those node:http writes itself or per request. */
function answerHeaders(headers: Headers): Record<string, string> {
  const perConnection = [
    'date',
    'connection',
    'keep-alive',
    'content-length',
    'transfer-encoding',
    'x-request-id',
  ];
  return Object.fromEntries([...headers].filter(([name]) => !perConnection.includes(name)));
}

/** Serves `fetch` on a free loopback port. */
function listen(
  fetchHandler: (req: Request) => Response | Promise<Response>,
): Promise<{ origin: string; server: ReturnType<typeof serve> }> {
  return new Promise((resolve) => {
    const server = serve({ fetch: fetchHandler, port: 0, hostname: '127.0.0.1' }, (info) => {
      resolve({ origin: `http://127.0.0.1:${info.port}`, server });
    });
  });
}

/** The statements `request` made the server send to the database through its batch path. */
async function statementsSentBy(
  db: Database,
  request: () => Response | Promise<Response>,
): Promise<Statement[]> {
  const batch = db.batch?.bind(db);
  if (!batch) return [];
  const sent: Statement[] = [];
  db.batch = (statements) => {
    sent.push(...statements);
    return batch(statements);
  };
  try {
    const res = await request();
    if (!res.ok) throw new Error(`order history failed: ${res.status} ${await res.text()}`);
  } finally {
    db.batch = batch;
  }
  return sent;
}

main().catch((err: unknown) => {
  console.error(err);
  rmSync(tmp, { recursive: true, force: true });
  process.exit(1);
});
