// Staff for the back-office browser tests: an account signed up over HTTP and granted the role
// with `npm run staff -- add`, as an operator would, through the running shop's DATA_DIR.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { e2eDataDir } from './data-dir.ts';
import { newEmail, PASSWORD } from './purchase.ts';

const run = promisify(execFile);

/** A new account with the staff role; resolves its email (the password is PASSWORD). */
export async function newStaffAccount(baseURL: string): Promise<string> {
  const html = await (await fetch(baseURL)).text();
  const tag = /<script type="application\/json" id="app-config">(.*?)<\/script>/s.exec(html);
  if (!tag) throw new Error('the page carries no app-config');
  const { supabaseUrl, supabaseAnonKey } = JSON.parse(tag[1]!) as Record<string, string>;
  const email = newEmail('staff');
  const res = await fetch(`${supabaseUrl}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: supabaseAnonKey!, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
  const port = Number(process.env.E2E_PORT ?? 3200);
  await run('node', ['--import', 'tsx', 'scripts/staff.ts', 'add', email], {
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: e2eDataDir(port) },
  });
  return email;
}
