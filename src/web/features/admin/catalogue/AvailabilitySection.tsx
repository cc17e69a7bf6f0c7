import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import { flushSync } from 'react-dom';
import { useSessionStore } from '../../../lib/session-react.tsx';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { SaveNotice, type Notice } from '../SaveNotice.tsx';
import {
  fetchAvailability,
  fetchProgress,
  saveAvailability,
  type AvailabilityProgress,
  type AvailabilityRow,
  type AvailabilityValues,
} from './availability-api.ts';
import {
  checkAvailability,
  draftOf,
  type AvailabilityDraft,
  type AvailabilityErrors,
} from './availability-draft.ts';
import { AVAILABILITY_TEXT as T } from './availability-texts.ts';
import { AvailabilityFields } from './AvailabilityFields.tsx';

interface Loaded {
  row: AvailabilityRow | null;
  progress: AvailabilityProgress | null;
}

/**
 * A saved product's availability: in stock, a pre-order or a group buy (ADR 0051). Saved on its
 * own, apart from the form above. What staff typed stays when the server refuses it; turning a
 * product with paid orders back to in stock is asked first, since those orders keep their dates.
 */
export function AvailabilitySection({ productKey }: { productKey: string }) {
  const ids = useId();
  const store = useSessionStore();
  const form = useRef<HTMLFormElement>(null);
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | 'loading' | 'failed'>('loading');
  const [draft, setDraft] = useState<AvailabilityDraft>(() => draftOf(null));
  const [errors, setErrors] = useState<AvailabilityErrors>({});
  const [notice, setNotice] = useState<Notice>(null);
  const [pending, setPending] = useState(false);
  const [asking, setAsking] = useState(false);
  const [focusTurn, setFocusTurn] = useState(0);

  useEffect(() => {
    let live = true;
    store
      .backend()
      .then((backend) => fetchAvailability(backend, productKey))
      .then(
        (read) => {
          if (!live) return;
          setLoaded(read);
          setDraft(draftOf(read.row));
        },
        (error: unknown) => {
          if (!live) return;
          console.error(T.loadFailed, error);
          setLoaded('failed');
        },
      );
    return () => {
      live = false;
    };
  }, [store, productKey, attempt]);

  // After a refused check: the first field in error takes the focus.
  useLayoutEffect(() => {
    if (focusTurn > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusTurn]);

  if (loaded === 'loading' || loaded === 'failed') {
    return (
      <Frame ids={ids}>
        {loaded === 'loading' ? (
          <p role="status">{T.loading}</p>
        ) : (
          <div className="admin-failed">
            <p role="alert">{T.loadFailed}</p>
            <button
              className="button"
              type="button"
              onClick={() => {
                setLoaded('loading');
                setAttempt((n) => n + 1);
              }}
            >
              {T.retry}
            </button>
          </div>
        )}
      </Frame>
    );
  }
  const { row, progress } = loaded;

  const save = async (values: AvailabilityValues | null) => {
    setPending(true);
    setNotice(null);
    try {
      const backend = await store.backend();
      const result = await saveAvailability(backend, productKey, values);
      if (!result.ok) return setNotice({ kind: 'failed', text: result.message });
      // Units counted against the new kind; a failed read only hides them (the save stands).
      const fresh = result.row
        ? await fetchProgress(backend, productKey).catch((error: unknown) => {
            console.error(error);
            return null;
          })
        : null;
      // The dialog goes first: the page behind a modal is inert, its live region too.
      flushSync(() => setAsking(false));
      setLoaded({ row: result.row, progress: fresh });
      setDraft(draftOf(result.row));
      setNotice({ kind: 'done', text: T.saved[result.row?.kind ?? 'in_stock'] });
    } catch (caught) {
      const message = caught instanceof Error ? caught.message : String(caught);
      setNotice({ kind: 'failed', text: T.errors.failed(message) });
    } finally {
      setPending(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const checked = checkAvailability(draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      setNotice({ kind: 'failed', text: T.errors.summary });
      return setFocusTurn((n) => n + 1);
    }
    setErrors({});
    setNotice(null);
    if (checked.values === null && row && (progress?.units_paid ?? 0) > 0) return setAsking(true);
    void save(checked.values);
  };

  return (
    <Frame ids={ids}>
      {row && progress && (
        <div className="product-availability__progress">
          <p>{T.progress(progress.units_paid, progress.units_held)}</p>
          {row.kind === 'group_buy' && row.moq !== null && (
            <p>{T.moqProgress(progress.units_paid, row.moq)}</p>
          )}
        </div>
      )}
      <form ref={form} className="product-form" noValidate onSubmit={submit} aria-busy={pending}>
        <AvailabilityFields
          ids={ids}
          draft={draft}
          errors={errors}
          onKind={(kind) => setDraft((d) => ({ ...d, kind }))}
          onChange={(field, value) => {
            setDraft((d) => ({ ...d, [field]: value }));
            // Only this field's error goes: the others stand until they are corrected too.
            setErrors((e) => ({ ...e, [field]: undefined }));
          }}
        />
        <div className="admin-form__buttons">
          <button type="submit" className="button" aria-disabled={pending}>
            {pending ? T.saving : T.save}
          </button>
        </div>
        <SaveNotice notice={asking ? null : notice} />
      </form>
      {asking && (
        <ConfirmDialog
          title={T.stockTitle}
          confirm={T.stockConfirm}
          dismiss={T.stockDismiss}
          pending={pending}
          error={notice?.kind === 'failed' ? notice.text : null}
          onConfirm={() => {
            if (!pending) void save(null);
          }}
          onClose={() => {
            setAsking(false);
            setNotice(null);
          }}
        >
          <p>{T.stockBody(progress?.units_paid ?? 0)}</p>
        </ConfirmDialog>
      )}
    </Frame>
  );
}

function Frame({ ids, children }: { ids: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${ids}-heading`} className="admin-section product-availability">
      <h2 id={`${ids}-heading`}>{T.heading}</h2>
      <p className="admin-hint">{T.intro}</p>
      {children}
    </section>
  );
}
