// A shopper as the browser would be one, over plain HTTP: the page and its assets, sign-up and
// login, checkout, paying on the sandbox's hosted page, the confirm call, the order history.
// Every request is timed per endpoint; an unexpected status is an error, never silently retried.

/** The address load shoppers ship to: the hosted page's fields, valid for the US. */
export const SHIPPING_ADDRESS = {
  shippingName: 'Load Test',
  line1: '1 Benchmark Way',
  line2: '',
  city: 'Springfield',
  state: 'IL',
  postalCode: '62701',
  country: 'US',
};

/** Latencies and failures per endpoint name. */
export class Recorder {
  readonly latencies = new Map<string, number[]>();
  readonly errors = new Map<string, { count: number; sample: string }>();

  record(endpoint: string, ms: number): void {
    const list = this.latencies.get(endpoint) ?? [];
    list.push(ms);
    this.latencies.set(endpoint, list);
  }

  fail(endpoint: string, message: string): void {
    const entry = this.errors.get(endpoint) ?? { count: 0, sample: message };
    entry.count += 1;
    this.errors.set(endpoint, entry);
  }

  get errorCount(): number {
    return [...this.errors.values()].reduce((sum, e) => sum + e.count, 0);
  }
}

export class ShopError extends Error {
  constructor(
    readonly endpoint: string,
    message: string,
  ) {
    super(`${endpoint}: ${message}`);
    this.name = 'ShopError';
  }
}

export interface CheckoutItem {
  key: string;
  color?: string;
  quantity: number;
}

export interface ShopperOptions {
  /** Instances to spread requests over (round robin, as a balancer without sticky sessions). */
  origins: string[];
  anonKey: string;
  /** Sent as X-Forwarded-For: each shopper is its own client behind the balancer. */
  ip: string;
  /** Asset paths the page references (/keebshop/assets/...). */
  assets: string[];
  recorder: Recorder;
  timeoutMs?: number;
}

/** The anon key and asset paths of the served page (its app-config tag and its tags). */
export function parsePage(html: string): { anonKey: string; assets: string[] } {
  const config = /<script type="application\/json" id="app-config">([^<]*)<\/script>/.exec(html);
  const anonKey = config
    ? (JSON.parse(config[1]!) as { supabaseAnonKey: string }).supabaseAnonKey
    : '';
  const assets = [...html.matchAll(/(?:src|href)="(\/keebshop\/assets\/[^"]+)"/g)].map(
    (m) => m[1]!,
  );
  return { anonKey, assets };
}

export class Shopper {
  private next = 0;
  accessToken: string | undefined;

  constructor(private readonly options: ShopperOptions) {}

  private origin(): string {
    const { origins } = this.options;
    this.next = (this.next + 1) % origins.length;
    return origins[this.next]!;
  }

  /** One timed request; resolves the response body, throws ShopError on any other status. */
  async request(
    endpoint: string,
    url: string,
    init: RequestInit & { expect?: number[] } = {},
  ): Promise<{ status: number; headers: Headers; text: string }> {
    const started = performance.now();
    try {
      const res = await fetch(url, {
        ...init,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 120_000),
      });
      const text = await res.text();
      this.options.recorder.record(endpoint, performance.now() - started);
      if (!(init.expect ?? [200]).includes(res.status)) {
        throw new ShopError(endpoint, `HTTP ${res.status} ${text.slice(0, 200)}`);
      }
      return { status: res.status, headers: res.headers, text };
    } catch (err) {
      const error = err instanceof ShopError ? err : new ShopError(endpoint, String(err));
      this.options.recorder.fail(endpoint, error.message);
      throw error;
    }
  }

  /** `path` on the next origin. */
  url(path: string): string {
    return `${this.origin()}${path}`;
  }

  /** The headers the browser's Supabase client sends: the anon key and the session's token. */
  headers(): Record<string, string> {
    return {
      apikey: this.options.anonKey,
      Authorization: `Bearer ${this.accessToken ?? this.options.anonKey}`,
      'X-Forwarded-For': this.options.ip,
    };
  }

  private api(path: string, body?: unknown, method = body === undefined ? 'GET' : 'POST') {
    const headers = this.headers();
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    return {
      url: `${this.origin()}${path}`,
      init: { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) },
    };
  }

  /** The page, every asset it references, and the ratings a list page reads. */
  async browse(category: 'keyboards' | 'switches' | 'accessories'): Promise<void> {
    const origin = this.origin();
    await this.request('GET /keebshop/', `${origin}/keebshop/`);
    await Promise.all(
      this.options.assets.map((a) => this.request('GET /keebshop/assets/*', `${origin}${a}`)),
    );
    const ratings = this.api(
      `/rest/v1/product_ratings?select=product_key,rating_count,rating_sum&product_key=like.${category}%3A*`,
    );
    await this.request('GET /rest/v1/product_ratings', ratings.url, ratings.init);
  }

  async signUp(email: string, password: string): Promise<void> {
    const { url, init } = this.api('/auth/v1/signup', { email, password });
    await this.request('POST /auth/v1/signup', url, init);
  }

  async logIn(email: string, password: string): Promise<void> {
    const { url, init } = this.api('/auth/v1/token?grant_type=password', { email, password });
    const { text } = await this.request('POST /auth/v1/token', url, init);
    this.accessToken = (JSON.parse(text) as { access_token: string }).access_token;
  }

  async checkout(items: CheckoutItem[]): Promise<{ id: string; url: string }> {
    const { url, init } = this.api('/functions/v1/checkout', { items });
    const { text } = await this.request('POST /functions/v1/checkout', url, init);
    return JSON.parse(text) as { id: string; url: string };
  }

  /**
   * Pays on the hosted page with 4242... and a shipping address, on the rate the page checks
   * first (Standard), as a browser submits it, after typing `code` in its promotion code field when
   * given; the page answers 303 to the shop's success URL.
   */
  async pay(session: { id: string; url: string }, code?: string): Promise<void> {
    if (code !== undefined) {
      // The code form of the hosted page: applied (or refused) on the session, then back to it.
      await this.request('POST hosted page (code)', `${session.url}/code`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ code }).toString(),
        expect: [303],
      });
    }
    const page = await this.request('GET hosted page', session.url, { method: 'GET' });
    const rate = /name="shippingRate"\s+value="([^"]+)"/.exec(page.text)?.[1];
    const { headers } = await this.request('POST hosted page (pay)', session.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        email: 'load@example.com',
        cardNumber: '4242 4242 4242 4242',
        cardExpiry: '12 / 34',
        cardCvc: '123',
        billingName: 'Load Test',
        ...(rate ? { ...SHIPPING_ADDRESS, shippingRate: rate } : {}),
      }).toString(),
      expect: [303],
    });
    // A refused form also answers 303, back to the hosted page: only the success URL is paid.
    const location = headers.get('location') ?? '';
    if (!location.includes('orderSuccess') || !location.includes(session.id)) {
      throw new ShopError('POST hosted page (pay)', 'the redirect is not to the success page');
    }
  }

  /** The Order Confirmation page's two calls: verify, then save. Resolves the rows saved. */
  async confirm(sessionId: string): Promise<number> {
    const verify = this.api('/functions/v1/confirm-checkout', {
      session_id: sessionId,
      verify_only: true,
    });
    const checked = await this.request('POST confirm-checkout (verify)', verify.url, verify.init);
    const verified = JSON.parse(checked.text) as { status: string };
    if (verified.status !== 'verified') {
      throw new ShopError('POST confirm-checkout (verify)', `status ${verified.status}`);
    }
    const save = this.api('/functions/v1/confirm-checkout', { session_id: sessionId });
    const { text } = await this.request('POST confirm-checkout', save.url, save.init);
    const outcome = JSON.parse(text) as { status: string; saved: number };
    if (outcome.status !== 'saved') {
      throw new ShopError('POST confirm-checkout', `status ${outcome.status}`);
    }
    return outcome.saved;
  }

  /** The Order History page's query; resolves the checkout session ids it shows. */
  async history(userId: string): Promise<Set<string>> {
    const { url, init } = this.api(
      `/rest/v1/orders?select=*&user_id=eq.${userId}&order=created_at.desc`,
    );
    const { text } = await this.request('GET /rest/v1/orders', url, init);
    return new Set(
      (JSON.parse(text) as { checkout_session_id: string }[]).map((r) => r.checkout_session_id),
    );
  }

  /** The signed-in user's id, from the access token. */
  get userId(): string {
    const payload = this.accessToken?.split('.')[1] ?? '';
    return (
      (JSON.parse(Buffer.from(payload, 'base64url').toString() || '{}') as { sub?: string }).sub ??
      ''
    );
  }
}

/**
 * Runs `step` until it succeeds, 250 ms apart, while a server may be down or restarting; after
 * `deadline` (epoch ms) the last error is thrown.
 */
export async function retryUntil<T>(deadline: number, step: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await step();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}
