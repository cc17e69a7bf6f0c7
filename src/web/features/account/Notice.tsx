export type NoticeValue = { tone: 'success' | 'error'; text: string } | null;

/**
 * The outcome of one form. The status region stays mounted so screen readers announce what
 * appears in it; an error is an alert of its own.
 */
export function Notice({ value }: { value: NoticeValue }) {
  return (
    <>
      <p className="settings-notice settings-notice--success" role="status">
        {value?.tone === 'success' ? value.text : null}
      </p>
      {value?.tone === 'error' && (
        <p className="settings-notice settings-notice--error" role="alert">
          {value.text}
        </p>
      )}
    </>
  );
}
