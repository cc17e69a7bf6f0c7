// A process that hosts test shops for the web component tests (jsdom cannot host the server's
// modules: they read files through import.meta.url). It loads the server once; each test file then
// asks it for a shop of its own, the real app over a fresh copy of the migrated PGlite image with
// the file's settings, served on a loopback port, and closes it when done. Its control API sits on
// another loopback port behind a random token: create a shop, run SQL in one as the database owner
// (to record orders, which browsers cannot insert), close one. Test code, never the product.
import { randomBytes } from 'node:crypto';
import { pgliteTarget } from './databases.ts';
import { listen } from './listen.ts';
import { startTestServer, type TestServer } from './shop.ts';

/** What the host tells its parent over IPC once its control API listens. */
export interface ShopHostReady {
  controlUrl: string;
  token: string;
}

/** A shop as the control API answers it. */
export interface HostedShop {
  id: string;
  url: string;
  anonKey: string;
}

if (!process.send) throw new Error('run me with fork(): I tell my parent where I listen over IPC');
const send = process.send.bind(process);
const token = randomBytes(16).toString('hex');
const shops = new Map<string, TestServer>();
let next = 0;

const json = (body: unknown, status = 200) => Response.json(body, { status });

async function handle(request: Request): Promise<Response> {
  if (request.headers.get('authorization') !== `Bearer ${token}`) return json({}, 401);
  const { pathname } = new URL(request.url);
  const [, shopsSegment, id, action] = pathname.split('/');
  if (shopsSegment !== 'shops') return json({}, 404);
  if (request.method === 'POST' && id === undefined) {
    const { env } = (await request.json()) as { env?: Record<string, string> };
    const server = await startTestServer({ target: pgliteTarget, listen: true, env: env ?? {} });
    next += 1;
    const shopId = String(next);
    shops.set(shopId, server);
    return json({ id: shopId, url: server.url, anonKey: server.anonKey } satisfies HostedShop);
  }
  const shop = id === undefined ? undefined : shops.get(id);
  if (!shop) return json({ error: `no shop ${id}` }, 404);
  if (request.method === 'POST' && action === 'query') {
    const { sql, params } = (await request.json()) as { sql: string; params?: unknown[] };
    try {
      return json({ rows: (await shop.db.query(sql, params ?? [])).rows });
    } catch (err) {
      return json({ error: String(err) }, 400);
    }
  }
  if (request.method === 'DELETE' && action === undefined) {
    shops.delete(id as string);
    await shop.close();
    return json({ closed: id });
  }
  return json({}, 405);
}

const control = await listen((request) =>
  handle(request).catch((err: unknown) => json({ error: String(err) }, 500)),
);

// The parent going away (the test run ending, or killed) ends this process and its shops too.
process.on('disconnect', () => {
  void Promise.allSettled([...shops.values()].map((shop) => shop.close()))
    .then(() => control.close())
    .finally(() => process.exit(0));
});

send({ controlUrl: control.url, token } satisfies ShopHostReady);
