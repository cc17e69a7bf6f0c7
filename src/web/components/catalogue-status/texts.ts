// What a page that shows products says while the catalogue loads or when it cannot be read. The
// loading line is the page frames' own (app/texts.ts), so a frame and its page read the same.
export const catalogueStatusText = {
  loading: 'Loading…',
  failed: 'The products could not be loaded. Check your connection, then try again.',
  retry: 'Try again',
} as const;
