import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import { HttpError } from './http/errors.ts';
import type { AuthService } from './auth/service.ts';
import type { Database } from './db/types.ts';
import { BASE_PATH, type WebAssets } from './web/static.ts';

export interface AppDeps {
  web: WebAssets;
  /** The shop's database: PGlite or PostgreSQL, migrated. */
  db: Database;
  /** Accounts and tokens: its routes serve /auth/v1; the data API asks it who a request is. */
  auth: AuthService;
  /** Resolves true once every backing service (database, sandbox) is ready. */
  isReady: () => boolean;
}

/** The one route table: every endpoint of the server and its guard. */
export function createApp(deps: AppDeps): Hono {
  const app = new Hono();

  app.use(compress());

  // Operations
  app.get('/healthz', (c) =>
    deps.isReady() ? c.json({ status: 'ok' }) : c.json({ status: 'starting' }, 503),
  );

  // Auth (Supabase GoTrue-compatible)
  app.route('/auth/v1', deps.auth.routes);

  // The web app
  app.get('/', (c) => c.redirect(BASE_PATH, 302));
  app.get('/keebshop', (c) => c.redirect(BASE_PATH, 301));
  app.get(`${BASE_PATH}assets/*`, deps.web.assets);
  app.get(BASE_PATH, deps.web.index);
  app.get(`${BASE_PATH}index.html`, deps.web.index);

  app.notFound((c) => c.json({ message: 'Not found' }, 404));
  app.onError((err, c) => {
    if (err instanceof HttpError) {
      for (const [name, value] of Object.entries(err.headers)) c.header(name, value);
      return c.json(err.body, err.status as 400);
    }
    if (err instanceof HTTPException) return err.getResponse();
    console.error(err);
    return c.json({ message: 'Internal server error' }, 500);
  });

  return app;
}
