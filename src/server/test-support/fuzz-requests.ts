// Generators of HTTP requests for the robustness property test: methods, paths across /auth/v1,
// /rest/v1 and /storage/v1 (known endpoints and junk), query strings (plausible PostgREST queries and random
// ones), headers (mostly well-formed so requests reach the handlers) and bodies including junk.
import fc from 'fast-check';

const SQL_SNIPPETS = [
  "'; DROP TABLE public.orders; --",
  '1 OR 1=1',
  '") OR ("1"="1',
  '$1',
  'pg_sleep(10)',
  '(select 1)',
  '\\',
  '%',
  '*',
];

// Printable ASCII only where the value goes into a header (fetch refuses other bytes itself).
const headerText = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 60,
});
const anyText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(...SQL_SNIPPETS),
  fc.uuid(),
  fc.integer().map(String),
);

const rawSegment = fc.oneof(
  fc.constantFrom('%', '%zz', '%E0%A4%A', '..', '%2e%2e', '%00', '%2F', ';', 'a b', '日本'),
  fc.string({ minLength: 1, maxLength: 20 }).map(encodeURIComponent),
);

const path = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.constantFrom(
      '/auth/v1/signup',
      '/auth/v1/token',
      '/auth/v1/user',
      '/auth/v1/logout',
      '/auth/v1/.well-known/jwks.json',
      '/auth/v1/recover',
      '/auth/v1/factors',
      '/rest/v1/orders',
      '/rest/v1/reviews',
      '/rest/v1/product_ratings',
      '/rest/v1/rpc/delete_user',
      '/rest/v1/rpc/rate_product',
      '/rest/v1/',
      '/rest/v1',
      '/storage/v1/bucket',
      '/storage/v1/bucket/product-photos',
      '/storage/v1/object/product-photos/keyboards/1/a.jpg',
      '/storage/v1/object/public/product-photos/keyboards/1/a.jpg',
      '/storage/v1/object/info/product-photos/a.jpg',
      '/storage/v1/object/list/product-photos',
      '/storage/v1/object/move',
      '/storage/v1/render/image/public/product-photos/a.jpg',
    ),
  },
  rawSegment.map((s) => `/rest/v1/${s}`),
  rawSegment.map((s) => `/storage/v1/object/product-photos/${s}`),
  rawSegment.map((s) => `/storage/v1/render/image/public/${s}/a.png`),
  rawSegment.map((s) => `/rest/v1/rpc/${s}`),
  rawSegment.map((s) => `/auth/v1/${s}`),
  fc.tuple(rawSegment, rawSegment).map(([a, b]) => `/rest/v1/${a}/${b}`),
);

const queryKey = fc.oneof(
  fc.constantFrom(
    'select',
    'order',
    'limit',
    'offset',
    'columns',
    'on_conflict',
    'or',
    'and',
    'not.or',
  ),
  fc.constantFrom('grant_type', 'scope', 'redirect_to', 'apikey'),
  fc.constantFrom('width', 'height', 'resize', 'quality', 'format', 'download'),
  fc.constantFrom(
    'id',
    'user_id',
    'product_name',
    'price',
    'quantity',
    'created_at',
    'rating',
    'nope',
  ),
  fc.string({ maxLength: 12 }),
);
const queryValue = fc.oneof(
  fc
    .tuple(
      fc.constantFrom(
        'eq.',
        'neq.',
        'gt.',
        'lte.',
        'in.(',
        'is.',
        'like.',
        'ilike.',
        'not.eq.',
        'foo.',
        '',
        'not.',
      ),
      anyText,
    )
    .map(([op, v]) => op + v),
  fc.constantFrom(
    '*',
    'id,product_name',
    'x(y)',
    'price::text',
    'a->b',
    'created_at.desc',
    'id.sideways',
    '-1',
    '99999999999999',
  ),
  fc.constantFrom('password', 'refresh_token', 'global', 'local', 'others'),
  anyText,
);
// Plausible PostgREST queries reach the SQL builder and the database; random ones the parser.
const column = fc.constantFrom(
  'id',
  'user_id',
  'product_name',
  'price',
  'quantity',
  'created_at',
  'rating',
  'product_key',
);
const plausibleQuery = fc
  .record({
    select: fc.constantFrom(
      '*',
      'product_name',
      'id,price',
      'n:quantity',
      'product_key,rating_count',
    ),
    filters: fc.array(
      fc.tuple(
        column,
        fc.constantFrom(
          'eq.',
          'neq.',
          'gt.',
          'gte.',
          'lt.',
          'lte.',
          'like.',
          'ilike.',
          'is.',
          'not.eq.',
          'in.(',
        ),
        fc.oneof(
          anyText,
          fc.constantFrom('null', 'true', '1', '2.5', '2026-01-01', 'a,b)', '"x,y",z)'),
        ),
      ),
      { maxLength: 3 },
    ),
    order: fc.option(fc.tuple(column, fc.constantFrom('', '.desc', '.asc.nullslast')), {
      nil: undefined,
    }),
    limit: fc.option(fc.integer({ min: 0, max: 100 }), { nil: undefined }),
  })
  .map(({ select, filters, order, limit }) => {
    const qs = new URLSearchParams({ select });
    for (const [col, op, value] of filters) qs.append(col, op + value);
    if (order) qs.append('order', order[0] + order[1]);
    if (limit !== undefined) qs.append('limit', String(limit));
    return `?${qs}`;
  });
const query = fc.oneof(
  { weight: 3, arbitrary: plausibleQuery },
  {
    weight: 2,
    arbitrary: fc.array(fc.tuple(queryKey, queryValue), { maxLength: 6 }).map((pairs) => {
      const qs = new URLSearchParams(pairs).toString();
      return qs ? `?${qs}` : '';
    }),
  },
  { weight: 1, arbitrary: rawSegment.map((s) => `?${s}=${s}`) },
);

const jsonBody = fc
  .oneof(
    fc.record(
      {
        email: fc.oneof(fc.emailAddress(), anyText),
        password: fc.oneof(fc.string({ minLength: 8, maxLength: 20 }), anyText),
        refresh_token: anyText,
        rating: fc.oneof(fc.double(), fc.integer(), anyText),
        product_key: fc.oneof(fc.constant('keyboards:1'), anyText),
        product_name: anyText,
        user_id: fc.uuid(),
        code_challenge: fc.constant(null),
      },
      { requiredKeys: [] },
    ),
    fc.jsonValue({ maxDepth: 3 }),
  )
  .map((v) => JSON.stringify(v));
const body = fc.oneof(
  { weight: 5, arbitrary: jsonBody },
  { weight: 2, arbitrary: fc.string({ maxLength: 200 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '',
      '{',
      '{"email":',
      'null',
      '[]',
      '[{}]',
      '{"a":1}{"b":2}',
      '\u0000',
      '"\\ud800"',
    ),
  },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 200_000 }).map((n) => '['.repeat(n)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(900 * 1024, 1100 * 1024).map((n) => `{"email":"${'x'.repeat(n)}"}`),
  },
);

export interface Tokens {
  anonKey: string;
  user: string;
}

/** Mostly well-formed (so requests get past the gateway checks into the handlers), sometimes not. */
const usually = <T>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 6, arbitrary: good }, { weight: 1, arbitrary: bad });
/** A header that is absent most of the time. */
const sometimes = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb });

function headers(tokens: Tokens) {
  return fc
    .record({
      apikey: usually(
        fc.constant(tokens.anonKey),
        fc.oneof(fc.constant('sb_publishable_wrong'), headerText, fc.constant(undefined)),
      ),
      authorization: usually(
        fc.constantFrom(`Bearer ${tokens.anonKey}`, `Bearer ${tokens.user}`),
        fc.oneof(
          fc.constant(`Bearer ${tokens.user.slice(0, -4)}AAAA`),
          fc.constant('Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.'),
          headerText.map((t) => `Bearer ${t}`),
          headerText,
          fc.constant(undefined),
        ),
      ),
      'content-type': usually(
        fc.constantFrom('application/json', 'application/json;charset=UTF-8'),
        fc.constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/vnd.pgrst.object+json',
          undefined,
        ),
      ),
      prefer: sometimes(
        fc.constantFrom(
          'return=representation',
          'return=minimal',
          'count=exact',
          'count=exact, return=representation',
          'tx=rollback',
          'garbage',
        ),
      ),
      accept: sometimes(
        fc.constantFrom('*/*', 'application/json', 'application/vnd.pgrst.object+json', 'text/csv'),
      ),
      'accept-profile': sometimes(fc.constantFrom('public', 'public', 'auth', 'pg_catalog')),
      'content-profile': sometimes(fc.constantFrom('public', 'public', 'auth')),
      range: sometimes(fc.constantFrom('0-4', '5-1', 'items=0-9', 'bytes=0-', 'junk')),
      'x-supabase-api-version': sometimes(fc.constantFrom('2024-01-01', 'junk')),
      'x-request-id': sometimes(headerText),
    })
    .map(
      (h) =>
        Object.fromEntries(Object.entries(h).filter(([, v]) => v !== undefined)) as Record<
          string,
          string
        >,
    );
}

export const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** One generated request: its method, path with query string, headers and body. */
export function requestArbitrary(tokens: Tokens) {
  return fc
    .record({
      method: fc.oneof(
        { weight: 8, arbitrary: fc.constantFrom('GET', 'POST') },
        { weight: 3, arbitrary: fc.constantFrom(...METHODS) },
      ),
      path,
      query,
      headers: headers(tokens),
      body,
    })
    .map((r) => ({
      method: r.method,
      url: `${r.path}${r.query}`,
      headers: r.headers,
      body: r.method === 'GET' || r.method === 'HEAD' ? undefined : r.body,
    }));
}
