import { useState } from 'react';
import { flushSync } from 'react-dom';
import { ChoiceList, Field, Notes } from '../form-field.tsx';
import { newVariant, type PartProps, type ProductDraft, type VariantDraft } from './draft.ts';
import { PRODUCT_TEXT as T } from './texts.ts';

const nameOf = (variant: VariantDraft, index: number) =>
  variant.color.trim() || T.unnamedColour(index + 1);

/**
 * The product's colours in the shop's order, each with its SKU (typed in capitals), and which one
 * is shown first. Moving a row keeps the focus on the button that moved it and says where it went;
 * adding or removing one moves the focus to a colour's name, so the keyboard never loses its place.
 */
export function VariantsField({ draft, errors, ids, update }: PartProps) {
  const [said, setSaid] = useState('');
  const { variants } = draft;

  // The rows are drawn at once, so the control to focus exists (a moved row's button, a new row).
  const focusAfter = (change: () => void, id: string) => {
    flushSync(change);
    document.getElementById(id)?.focus();
  };

  const setVariants = (next: VariantDraft[], ...cleared: string[]) =>
    update(
      (d): ProductDraft => {
        const defaultId = next.some((v) => v.id === d.defaultId) ? d.defaultId : (next[0]?.id ?? 0);
        return { ...d, variants: next, defaultId };
      },
      'variants',
      ...cleared,
    );

  const move = (index: number, by: -1 | 1) => {
    const to = index + by;
    const variant = variants[index]!;
    if (to < 0 || to >= variants.length) return;
    const next = variants.slice();
    next.splice(index, 1);
    next.splice(to, 0, variant);
    focusAfter(() => setVariants(next), `${ids}-${by < 0 ? 'up' : 'down'}-${variant.id}`);
    setSaid(T.moved(nameOf(variant, index), to + 1));
  };

  const remove = (index: number) => {
    if (variants.length === 1) return;
    const variant = variants[index]!;
    const next = variants.filter((v) => v.id !== variant.id);
    focusAfter(
      () => setVariants(next, `color:${variant.id}`, `sku:${variant.id}`),
      `${ids}-color-${next[Math.min(index, next.length - 1)]!.id}`,
    );
    setSaid(T.removed(nameOf(variant, index)));
  };

  const add = () => {
    const variant = newVariant();
    focusAfter(() => setVariants([...variants, variant]), `${ids}-color-${variant.id}`);
    setSaid('');
  };

  const edit = (id: number, change: Partial<VariantDraft>, cleared: string) =>
    setVariants(
      variants.map((v) => (v.id === id ? { ...v, ...change } : v)),
      cleared,
    );

  return (
    <fieldset
      className="product-group"
      aria-describedby={`${ids}-variants-hint${errors.variants ? ` ${ids}-variants-error` : ''}`}
    >
      <legend>
        <h2>{T.colours}</h2>
      </legend>
      <Notes id={`${ids}-variants`} hint={T.coloursHint} error={errors.variants} />
      <ol className="product-variants">
        {variants.map((variant, index) => (
          <li key={variant.id} className="product-variant">
            <Field
              id={`${ids}-color-${variant.id}`}
              label={T.colour(index + 1)}
              error={errors[`color:${variant.id}`]}
            >
              {(control) => (
                <input
                  {...control}
                  className="input"
                  autoComplete="off"
                  value={variant.color}
                  onChange={(e) =>
                    edit(variant.id, { color: e.target.value }, `color:${variant.id}`)
                  }
                />
              )}
            </Field>
            <Field
              id={`${ids}-sku-${variant.id}`}
              label={T.sku(index + 1)}
              error={errors[`sku:${variant.id}`]}
            >
              {(control) => (
                <input
                  {...control}
                  className="input"
                  autoComplete="off"
                  spellCheck={false}
                  value={variant.sku}
                  onChange={(e) =>
                    edit(variant.id, { sku: e.target.value.toUpperCase() }, `sku:${variant.id}`)
                  }
                />
              )}
            </Field>
            <div className="product-variant__buttons">
              {(
                [
                  ['up', T.up, T.moveUp(index + 1), index === 0, () => move(index, -1)],
                  [
                    'down',
                    T.down,
                    T.moveDown(index + 1),
                    index === variants.length - 1,
                    () => move(index, 1),
                  ],
                  [
                    'remove',
                    T.removeShort,
                    T.remove(index + 1),
                    variants.length === 1,
                    () => remove(index),
                  ],
                ] as const
              ).map(([key, text, label, off, run]) => (
                <button
                  key={key}
                  id={`${ids}-${key}-${variant.id}`}
                  type="button"
                  className="button button--small button--ghost"
                  aria-label={label}
                  aria-disabled={off}
                  onClick={run}
                >
                  {text}
                </button>
              ))}
            </div>
          </li>
        ))}
      </ol>
      <button type="button" className="button button--small" onClick={add}>
        {T.addColour}
      </button>
      <Field id={`${ids}-default`} label={T.defaultColour}>
        {(control) => (
          <ChoiceList
            control={control}
            value={String(draft.defaultId)}
            choices={variants.map((v, i) => ({ value: String(v.id), label: nameOf(v, i) }))}
            onChange={(value) => update((d) => ({ ...d, defaultId: Number(value) }))}
          />
        )}
      </Field>
      <p role="status" className="visually-hidden">
        {said}
      </p>
    </fieldset>
  );
}
