// Where the browser tests' shared server listens. global-setup.ts picks its ports (free ones, or
// E2E_PORT and the others when set), starts it and writes them here into process.env; the workers
// start after it, so every test and helper reads the same server. No Playwright here: the global
// setup imports it too.

/** The variables that carry the shared server's ports and DATA_DIR to the workers. */
export const SHARED_SERVER_ENV = {
  port: 'E2E_PORT',
  sandboxPort: 'E2E_SANDBOX_PORT',
  mailboxPort: 'E2E_MAILBOX_PORT',
  mailboxSmtpPort: 'E2E_MAILBOX_SMTP_PORT',
  dataDir: 'E2E_DATA_DIR',
} as const;

function fromEnv(name: string): string {
  const value = process.env[name];
  if (!value) {
    throw new Error(`${name} is unset: run the browser tests with playwright.config.ts`);
  }
  return value;
}

/** The shop's page, e.g. http://127.0.0.1:41234/keebshop/ (the tests' baseURL). */
export function shopURL(port = fromEnv(SHARED_SERVER_ENV.port)): string {
  return `http://127.0.0.1:${port}/keebshop/`;
}

/** The server's DATA_DIR, for `npm run staff` (support/staff.ts). */
export function sharedDataDir(): string {
  return fromEnv(SHARED_SERVER_ENV.dataDir);
}

/** The development mailbox's page and REST API. */
export function mailboxOrigin(): string {
  return `http://127.0.0.1:${fromEnv(SHARED_SERVER_ENV.mailboxPort)}`;
}

/** The development mailbox's SMTP port. */
export function mailboxSmtpPort(): number {
  return Number(fromEnv(SHARED_SERVER_ENV.mailboxSmtpPort));
}
