/** What a save did: `done` said politely, `failed` at once. At most one is set. */
export type Notice = { kind: 'done' | 'failed'; text: string } | null;

/**
 * The status line of a back-office save. It stays mounted, empty until a save is done, so a
 * screen reader announces the text it gets; a failure is an alert instead.
 */
export function SaveNotice({ notice }: { notice: Notice }) {
  return (
    <>
      {notice?.kind === 'failed' && (
        <p role="alert" className="admin-error">
          {notice.text}
        </p>
      )}
      <p role="status" className="admin-notice">
        {notice?.kind === 'done' ? notice.text : ''}
      </p>
    </>
  );
}
