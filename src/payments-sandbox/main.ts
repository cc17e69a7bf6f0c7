import path from 'node:path';
import { z } from 'zod';
import { createSandbox, generateSandboxKeys } from './index.ts';

// Runs the sandbox on its own: `node --import tsx src/payments-sandbox/main.ts`.
// Keys not given are generated for this run and printed, so a client can be pointed at it.

const schema = z.object({
  SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(12111),
  SANDBOX_HOST: z.string().min(1).default('127.0.0.1'),
  SANDBOX_DATA_DIR: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default('./.data'),
  SANDBOX_SECRET_KEY: z
    .string()
    .regex(/^sk_test_[A-Za-z0-9]{8,}$/, 'must be sk_test_...')
    .optional(),
  SANDBOX_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9]{8,}$/, 'must be whsec_...')
    .optional(),
  SANDBOX_WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
  SANDBOX_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
});

async function main(): Promise<void> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    console.error(
      `Invalid configuration:\n${parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`).join('\n')}`,
    );
    process.exit(1);
  }
  const e = parsed.data;
  const generated = generateSandboxKeys();
  const secretKey = e.SANDBOX_SECRET_KEY ?? generated.secretKey;
  const webhookSecret = e.SANDBOX_WEBHOOK_SECRET ?? generated.webhookSecret;
  const sandbox = createSandbox({
    storage: { dataDir: e.SANDBOX_DATA_DIR ?? path.join(e.DATA_DIR, 'payments-sandbox') },
    secretKey,
    webhookSecret,
    webhookUrl: e.SANDBOX_WEBHOOK_URL,
    publicUrl: e.SANDBOX_PUBLIC_URL,
    logger: { info: (m) => console.log(m), warn: (m) => console.warn(m) },
  });
  const running = await sandbox.start(e.SANDBOX_PORT, e.SANDBOX_HOST);
  if (!e.SANDBOX_SECRET_KEY) console.log(`  secret key for this run:     ${secretKey}`);
  if (!e.SANDBOX_WEBHOOK_SECRET) console.log(`  webhook secret for this run: ${webhookSecret}`);

  const stop = () => {
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
