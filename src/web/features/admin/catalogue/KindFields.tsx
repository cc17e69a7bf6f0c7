import { ChoiceList, Field } from '../form-field.tsx';
import { KIND_VALUES, type PartProps, type ProductDraft } from './draft.ts';
import { PRODUCT_TEXT as T } from './texts.ts';

// The drawings an accessory can have, as staff read them: "Headset stand".
const ACCESSORY_DRAWINGS = KIND_VALUES.drawings.map((value) => {
  const words = value.replace(/-/g, ' ');
  return { value, label: words.charAt(0).toUpperCase() + words.slice(1) };
});

const plain = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
const LAYOUTS = KIND_VALUES.layouts.map((value) => ({ value, label: T.layouts[value] }));

type KindKey = 'connectivity' | 'productType' | 'drawing';

/**
 * What the category itself says about a product (public.products: connectivity, product_type,
 * drawing): a keyboard is wired or wireless and has a layout, a switch a type, an accessory a
 * connectivity, maybe a type, and the drawing that stands for it.
 */
export function KindFields({ draft, errors, ids, update }: PartProps) {
  const select = (
    key: KindKey,
    label: string,
    choices: { value: string; label: string }[],
    empty: string = T.choose,
  ) => (
    <Field id={`${ids}-${key}`} label={label} error={errors[key]}>
      {(control) => (
        <ChoiceList
          control={control}
          value={draft[key]}
          choices={choices}
          empty={empty}
          onChange={(value) => update((d): ProductDraft => ({ ...d, [key]: value }), key)}
        />
      )}
    </Field>
  );
  return (
    <fieldset className="product-group">
      <legend>
        <h2>{T.kind}</h2>
      </legend>
      {draft.category === 'keyboards' && (
        <>
          {select('connectivity', T.keyboardConnectivity, plain(KIND_VALUES.keyboardConnectivity))}
          {select('drawing', T.layout, LAYOUTS)}
        </>
      )}
      {draft.category === 'switches' &&
        select('productType', T.switchType, plain(KIND_VALUES.switchTypes))}
      {draft.category === 'accessories' && (
        <>
          {select(
            'connectivity',
            T.accessoryConnectivity,
            plain(KIND_VALUES.accessoryConnectivity),
          )}
          {select('productType', T.accessoryType, plain(KIND_VALUES.accessoryTypes), T.none)}
          {select('drawing', T.drawing, ACCESSORY_DRAWINGS)}
        </>
      )}
    </fieldset>
  );
}
