import type { ReactNode } from 'react';
import type { StaffList } from './use-staff-list.ts';

interface LoadedProps {
  status: 'loading' | 'failed' | 'ready';
  /** The status line while loading. */
  loading: string;
  /** Why it failed, with a button that tries again. */
  failed: string;
  retry: string;
  onRetry: () => void;
  /** What is shown once loaded, its empty state included. */
  children: ReactNode;
}

/** Something the back office reads before showing it: its loading line, its failure, then it. */
export function Loaded({ status, loading, failed, retry, onRetry, children }: LoadedProps) {
  if (status === 'loading') return <p role="status">{loading}</p>;
  if (status === 'failed') {
    return (
      <div className="admin-failed">
        <p role="alert">{failed}</p>
        <button className="button" type="button" onClick={onRetry}>
          {retry}
        </button>
      </div>
    );
  }
  return children;
}

interface LoadedListProps<T> {
  list: StaffList<T>;
  /** A section's texts: `failed` is given the server's message; `empty` stands for no rows. */
  text: { loading: string; failed: (message: string) => string; retry: string; empty: string };
  children: (rows: T[]) => ReactNode;
}

/** A list read whole (use-staff-list.ts), as Loaded shows it, with a line when it has no rows. */
export function LoadedList<T>({ list, text, children }: LoadedListProps<T>) {
  return (
    <Loaded
      status={list.status}
      loading={text.loading}
      failed={text.failed(list.message)}
      retry={text.retry}
      onRetry={list.retry}
    >
      {list.rows.length === 0 ? <p>{text.empty}</p> : children(list.rows)}
    </Loaded>
  );
}
