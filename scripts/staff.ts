// `npm run staff -- add <email>`, `remove <email>`, `list`: grants or revokes the staff role of an
// existing account on the shop's database (DATABASE_URL, or PGlite in DATA_DIR, running or not).
// One line out; exit 0 on success, 1 with the reason otherwise (docs/operations.md, Staff).
import { ConfigError, loadConfig } from '../src/server/config.ts';
import { StartupError } from '../src/server/lifecycle/startup-error.ts';
import { parseStaffArgs, runStaffCli, USAGE } from '../src/server/staff/cli.ts';

async function main(): Promise<number> {
  const cmd = parseStaffArgs(process.argv.slice(2));
  if (!cmd) {
    console.error(USAGE);
    return 2;
  }
  const outcome = await runStaffCli(loadConfig(), cmd);
  (outcome.ok ? console.log : console.error)(outcome.message);
  return outcome.ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof ConfigError || err instanceof StartupError) console.error(err.message);
    else console.error(err);
    process.exit(1);
  },
);
