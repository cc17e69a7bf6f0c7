import { readFileSync } from 'node:fs';
import type { Handler } from 'hono';
import { fromRoot } from '../paths.ts';
import type { AuthSettings } from './settings.ts';

// GET /health and GET /settings, as GoTrue answers them: what a Supabase client, dashboard or
// monitor asks before offering a sign-in method.

/** The external providers GoTrue lists in /settings; this shop offers none of them. */
const EXTERNAL_PROVIDERS = [
  'anonymous_users',
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'snapchat',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'keycloak',
  'kakao',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'spotify',
  'slack',
  'slack_oidc',
  'workos',
  'twitch',
  'twitter',
  'phone',
  'zoom',
] as const;

/**
 * The shop's auth settings in GoTrue's shape: email and password only, sign-up open, and
 * `mailer_autoconfirm` false when sign-up waits for a confirmation link (AUTH_CONFIRM_EMAIL).
 */
export function authSettingsJson(options: { confirmEmail: boolean } = { confirmEmail: false }) {
  const external: Record<string, boolean> = {};
  for (const provider of EXTERNAL_PROVIDERS) external[provider] = false;
  external.email = true;
  return {
    external,
    disable_signup: false,
    mailer_autoconfirm: !options.confirmEmail,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
    saml_private_key_next_configured: false,
    passkeys_enabled: false,
  };
}

/** GET /settings. */
export function settingsHandler(settings: AuthSettings): Handler {
  return function authSettings(c) {
    return c.json(authSettingsJson({ confirmEmail: settings.mail.confirmEmail }));
  };
}

let version: string | undefined;
/** The shop's version (package.json), read once. */
function shopVersion(): string {
  version ??= (JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as { version: string })
    .version;
  return version;
}

/** GET /health: 200 while the service answers, with GoTrue's fields (name kept for monitors). */
export function healthHandler(): Handler {
  return function health(c) {
    return c.json({
      version: shopVersion(),
      name: 'GoTrue',
      description: "Keebshop's GoTrue-compatible user registration and authentication API",
    });
  };
}
