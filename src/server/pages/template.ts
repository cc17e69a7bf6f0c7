// The HTML around a server-rendered page: the build's dist/pages/page.html (its script and styles),
// or, where the web app is not built (most server tests), a bare document with the same places.

/** Where the head tags, the rendered body and the page's data go. */
export const PLACES = {
  head: '<!--page-head-->',
  body: '<!--page-body-->',
  data: '<!--page-data-->',
} as const;

export const BARE_TEMPLATE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1">' +
  `${PLACES.head}</head><body><div id="root">${PLACES.body}</div>${PLACES.data}</body></html>`;

/** Fails at start when the template lacks a place, rather than on the first page. */
export function checkTemplate(template: string): string {
  for (const place of Object.values(PLACES)) {
    if (!template.includes(place)) throw new Error(`The page template has no ${place}`);
  }
  return template;
}

export function fillTemplate(
  template: string,
  parts: { head: string; body: string; data: string },
): string {
  // Functions as replacements: a `$` in the page's text is not a replacement pattern.
  return template
    .replace(PLACES.head, () => parts.head)
    .replace(PLACES.body, () => parts.body)
    .replace(PLACES.data, () => parts.data);
}
