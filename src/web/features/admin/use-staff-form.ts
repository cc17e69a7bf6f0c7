import { useRef, useState, type ChangeEvent, type FormEvent, type RefObject } from 'react';
import { useSessionStore } from '../../lib/session-react.tsx';
import type { Backend } from '../../lib/supabase.ts';
import { uuid } from './catalogue/photos.ts';
import type { Notice } from './SaveNotice.tsx';

type Errors<D> = Partial<Record<keyof D, string>>;
/** The draft's fields typed as text. */
type TextKey<D> = { [K in keyof D]: D[K] extends string ? K : never }[keyof D];

/** What the form element around the fields needs (StaffForm.tsx). */
export interface Submission {
  form: RefObject<HTMLFormElement | null>;
  submit: (event: FormEvent) => Promise<void>;
  saving: boolean;
  notice: Notice;
}

interface StaffFormOptions<D, Request, Saved> {
  empty: D;
  /** The request the draft makes, or what is wrong with it, field by field. */
  parse: (draft: D) => { request: Request } | { errors: Errors<D> };
  save: (backend: Backend, request: Request & { requestId: string }) => Promise<Saved>;
  onCreated: (saved: Saved) => void;
  /** The status line once made. */
  created: (saved: Saved) => string;
  /** The alert when the server refuses, with its message. */
  refused: (message: string) => string;
}

/**
 * A back-office form that makes one thing (a discount code, a tax rate). What staff typed stays
 * when the server refuses it; a retry of the same submission carries the same requestId, so a
 * thing made by a request whose answer was lost is not made twice. A new draft gets a new one.
 */
export function useStaffForm<D, Request, Saved>(options: StaffFormOptions<D, Request, Saved>) {
  const store = useSessionStore();
  const form = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<D>(options.empty);
  const [errors, setErrors] = useState<Errors<D>>({});
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [requestId, setRequestId] = useState(() => uuid());

  const set = <K extends keyof D>(key: K, value: D[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  /** A text input's value and onChange, for one of the draft's text fields. */
  const text = <K extends TextKey<D>>(key: K) => ({
    value: draft[key] as string,
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(key, event.target.value as D[K]),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setNotice(null);
    const parsed = options.parse(draft);
    if ('errors' in parsed) {
      setErrors(parsed.errors);
      // After React marks them: the first field with a problem takes the focus.
      setTimeout(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const saved = await options.save(await store.backend(), { ...parsed.request, requestId });
      options.onCreated(saved);
      setDraft(options.empty);
      setRequestId(uuid());
      setNotice({ kind: 'done', text: options.created(saved) });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      setNotice({ kind: 'failed', text: options.refused(message) });
    } finally {
      setSaving(false);
    }
  };

  const submission: Submission = { form, submit, saving, notice };
  return { submission, draft, errors, set, text };
}
