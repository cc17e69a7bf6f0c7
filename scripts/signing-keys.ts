// `npm run keys:rotate` / `npm run keys:prune`: rotates the ES256 key that signs access tokens, on
// the database the server is configured for (the same environment variables as `npm start`).
//   rotate: a new key signs from now on (every instance switches within a minute); the old one is
//           retired and keeps verifying the tokens it signed.
//   prune:  deletes retired keys once every token they signed has expired (JWT_EXPIRY plus the
//           instances' key-sync interval, twice over).
import { ConfigError, loadConfig } from '../src/server/config.ts';
import {
  KEY_SYNC_INTERVAL_MS,
  pruneRetiredKeys,
  rotateSigningKey,
} from '../src/server/auth/keys.ts';
import { runMigrations } from '../src/server/db/migrate.ts';
import { lockDataDir } from '../src/server/lifecycle/data-dir-lock.ts';
import {
  checkShopDataDir,
  checkShopSchema,
  openShopDatabase,
} from '../src/server/lifecycle/database.ts';
import { StartupError } from '../src/server/lifecycle/startup-error.ts';

const USAGE = 'usage: node --import tsx scripts/signing-keys.ts rotate|prune';

async function main(command: string | undefined): Promise<number> {
  if (command !== 'rotate' && command !== 'prune') {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  // The shop's database or nothing: a mistyped DATA_DIR or DATABASE_URL is refused, never
  // created and migrated into a new, empty shop whose key nobody uses.
  if (!config.databaseUrl) checkShopDataDir(config.dataDir);
  // PGlite must not be opened by two processes: the server's own DATA_DIR lock says who has it.
  const lock = config.databaseUrl ? undefined : await lockDataDir(config.dataDir);
  const db = await openShopDatabase(config);
  try {
    await checkShopSchema(db, config);
    await runMigrations(db);
    if (command === 'rotate') {
      const { kid, retired } = await rotateSigningKey(db);
      console.log(`New signing key ${kid} is active; running instances switch within a minute.`);
      if (retired.length > 0) {
        console.log(`Retired (still verifying until pruned): ${retired.join(', ')}`);
      }
      const wait = config.auth.jwtExpirySeconds + (2 * KEY_SYNC_INTERVAL_MS) / 1000;
      console.log(`Run \`npm run keys:prune\` after ${wait} s to delete the retired key.`);
    } else {
      const marginMs = config.auth.jwtExpirySeconds * 1000 + 2 * KEY_SYNC_INTERVAL_MS;
      const pruned = await pruneRetiredKeys(db, new Date(Date.now() - marginMs));
      console.log(
        pruned.length > 0
          ? `Deleted retired signing keys: ${pruned.join(', ')}`
          : 'No retired key is old enough to delete.',
      );
    }
    return 0;
  } finally {
    await db.close();
    lock?.release();
  }
}

main(process.argv[2]).then(
  (code) => process.exit(code),
  (err: unknown) => {
    const oneLine = err instanceof ConfigError || err instanceof StartupError;
    console.error(oneLine ? err.message : err);
    process.exit(1);
  },
);
