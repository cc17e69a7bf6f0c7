// Staff for the back-office browser tests: an account signed up over HTTP and granted the role
// with `npm run staff -- add`, as an operator would, through the running shop's DATA_DIR.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { newEmail, signUpOverHttp } from './session.ts';
import { sharedDataDir } from './shared-server.ts';

const run = promisify(execFile);

/** A new account with the staff role; resolves its email (the password is session.ts's PASSWORD). */
export async function newStaffAccount(): Promise<string> {
  const email = newEmail('staff');
  await signUpOverHttp(email);
  await run('node', ['--import', 'tsx', 'scripts/staff.ts', 'add', email], {
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: sharedDataDir() },
  });
  return email;
}
