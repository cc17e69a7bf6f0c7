/** The message to show for something thrown while talking to the server. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
