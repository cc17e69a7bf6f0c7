import type { Context } from 'hono';
import { scriptJson } from './escape.ts';

/**
 * The public configuration the page carries (docs/operations.md, Contracts), read by
 * src/web/lib/config.ts.
 */
export interface AppConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
}

/**
 * The `<script type="application/json" id="app-config">` tag. `<`, `>`, `&` and the JS line
 * separators are escaped in the JSON so no value can close the tag or open markup.
 */
export function appConfigTag(config: AppConfig): string {
  return `<script type="application/json" id="app-config">${scriptJson(config)}</script>`;
}

/**
 * The index renderer for createWebAssets: puts the app-config tag into the head. The backend URL
 * is PUBLIC_URL when set, else the origin the request came to (so any host name works).
 */
export function appConfigRenderer(options: {
  publicUrl: string | undefined;
  anonKey: string;
}): (html: string, c: Context) => string {
  return (html, c) => {
    const supabaseUrl = options.publicUrl ?? new URL(c.req.url).origin;
    const tag = appConfigTag({ supabaseUrl, supabaseAnonKey: options.anonKey });
    const at = html.indexOf('</head>');
    return at === -1 ? tag + html : html.slice(0, at) + tag + html.slice(at);
  };
}
