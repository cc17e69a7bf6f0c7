import { useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useToast } from '../../../components/toast/index.ts';
import { navigate } from '../../../lib/hash-location.ts';
import { useSessionStore } from '../../../lib/session-react.tsx';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { saveProduct, type ProductPayload, type ProductRow } from './api.ts';
import { DetailsFields } from './DetailsFields.tsx';
import {
  checkDraft,
  draftOf,
  newDraft,
  type FieldErrors,
  type PartProps,
  type ProductDraft,
} from './draft.ts';
import { KindFields } from './KindFields.tsx';
import { SheetFields } from './SheetFields.tsx';
import { productPath } from './paths.ts';
import { PRODUCT_TEXT as T } from './texts.ts';
import { VariantsField } from './VariantsField.tsx';

interface ProductFormProps {
  /** The product as last saved; null for a new one. */
  row: ProductRow | null;
  onSaved: (row: ProductRow) => void;
}

/**
 * Creates or edits a product. The form is checked as a whole before anything is sent (errors next
 * to their fields, the focus on the first); the server's refusals land next to their field too, or
 * above the buttons, and the form keeps everything typed until a save succeeds. An edit carries the
 * time the product was opened, so a change someone made meanwhile is not overwritten.
 */
export function ProductForm({ row, onSaved }: ProductFormProps) {
  const ids = useId();
  const store = useSessionStore();
  const toast = useToast();
  const [draft, setDraft] = useState<ProductDraft>(() => (row ? draftOf(row) : newDraft()));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [asking, setAsking] = useState<ProductPayload | null>(null);
  const [focusTurn, setFocusTurn] = useState(0);
  const form = useRef<HTMLFormElement>(null);

  // After a refused save: the first field in error, else the form's own message.
  useLayoutEffect(() => {
    if (focusTurn === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-form-error]')?.focus();
  }, [focusTurn]);

  const update: PartProps['update'] = (change, ...cleared) => {
    setDraft(change);
    if (cleared.length === 0) return;
    setErrors((now) =>
      cleared.includes('*')
        ? {}
        : Object.fromEntries(Object.entries(now).filter(([key]) => !cleared.includes(key))),
    );
  };

  const refuse = (next: FieldErrors, message: string | null) => {
    setErrors(next);
    setFormError(message);
    setFocusTurn((n) => n + 1);
  };

  const save = async (payload: ProductPayload) => {
    setPending(true);
    setFormError(null);
    try {
      const result = await saveProduct(await store.backend(), payload);
      setAsking(null);
      if (!result.ok) {
        const variant = draft.variants.find((v) => v.sku.trim() === result.sku);
        const key =
          result.field === 'sku' ? (variant ? `sku:${variant.id}` : 'variants') : result.field;
        return key ? refuse({ [key]: result.message }, null) : refuse({}, result.message);
      }
      if (!row) {
        toast.show(T.created(result.row.name), { tone: 'success' });
        return navigate(productPath(result.row.key));
      }
      setDraft(draftOf(result.row));
      toast.show(T.saved(result.row.name), { tone: 'success' });
      onSaved(result.row);
    } catch (caught) {
      setAsking(null);
      refuse({}, T.errors.failed(caught instanceof Error ? caught.message : String(caught)));
    } finally {
      setPending(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const checked = checkDraft(draft);
    if (!checked.ok) return refuse(checked.errors, T.errors.summary);
    setErrors({});
    const payload: ProductPayload = row
      ? { ...checked.payload, key: row.key, expected_updated_at: row.updated_at }
      : checked.payload;
    // Links shared with the old address stop working: asked first.
    if (row && payload.url_key !== row.url_key) return setAsking(payload);
    void save(payload);
  };

  const parts: PartProps = { draft, errors, ids, update };
  return (
    <form ref={form} className="product-form" noValidate onSubmit={submit} aria-busy={pending}>
      <DetailsFields {...parts} productKey={row?.key ?? null} />
      <KindFields {...parts} />
      <VariantsField {...parts} />
      <SheetFields {...parts} />
      {formError && (
        <p role="alert" className="admin-error" tabIndex={-1} data-form-error>
          {formError}
        </p>
      )}
      <div className="admin-form__buttons">
        <button type="submit" className="button" aria-disabled={pending}>
          {pending ? T.saving : row ? T.save : T.create}
        </button>
      </div>
      <p role="status" className="admin-hint">
        {pending ? T.saving : ''}
      </p>
      {asking && row && (
        <ConfirmDialog
          title={T.urlKeyTitle}
          confirm={T.urlKeyConfirm}
          dismiss={T.urlKeyDismiss}
          pending={pending}
          error={null}
          onConfirm={() => {
            if (!pending) void save(asking);
          }}
          onClose={() => setAsking(null)}
        >
          <p>{T.urlKeyBody(row.url_key, asking.url_key)}</p>
        </ConfirmDialog>
      )}
    </form>
  );
}
