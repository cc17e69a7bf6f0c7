/**
 * The server's public configuration, carried by the page in the app-config tag (docs/operations.md,
 * Contracts).
 */
export interface AppConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
}

/**
 * Reads `<script type="application/json" id="app-config">` from the page. Throws when the tag is
 * missing or malformed (e.g. the page was not served by the Keebshop server).
 */
export function readAppConfig(doc: Document = document): AppConfig {
  const text = doc.getElementById('app-config')?.textContent;
  if (!text) throw new Error('The page has no app-config tag');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error('The app-config tag is not valid JSON');
  }
  const { supabaseUrl, supabaseAnonKey } = (value ?? {}) as Record<string, unknown>;
  if (typeof supabaseUrl !== 'string' || !/^https?:\/\//.test(supabaseUrl)) {
    throw new Error('The app-config tag has no valid supabaseUrl');
  }
  if (typeof supabaseAnonKey !== 'string' || supabaseAnonKey === '') {
    throw new Error('The app-config tag has no supabaseAnonKey');
  }
  return { supabaseUrl, supabaseAnonKey };
}
