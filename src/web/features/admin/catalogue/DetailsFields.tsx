import type { Category } from '../../../../catalogue/index.ts';
import { ChoiceList, Field } from '../form-field.tsx';
import { suggestUrlKey, type PartProps } from './draft.ts';
import { inputOf } from './sheet-form.ts';
import { PRODUCT_TEXT as T } from './texts.ts';

const CATEGORIES = (Object.keys(T.categories) as Category[]).map((value) => ({
  value,
  label: T.categories[value],
}));

/**
 * Name, address, category, description and price. A new product's address follows its name until
 * staff type one; the category is chosen once, since the product's key includes it.
 */
export function DetailsFields({
  draft,
  errors,
  ids,
  update,
  productKey,
}: PartProps & { productKey: string | null }) {
  return (
    <fieldset className="product-group">
      <legend>
        <h2>{T.details}</h2>
      </legend>
      <Field id={`${ids}-name`} label={T.name} error={errors.name}>
        {(control) => (
          <input
            {...control}
            className="input"
            autoComplete="off"
            value={draft.name}
            onChange={(event) => {
              const name = event.target.value;
              update(
                (d) => ({ ...d, name, urlKey: d.urlKeyTyped ? d.urlKey : suggestUrlKey(name) }),
                'name',
                ...(draft.urlKeyTyped ? [] : ['urlKey']),
              );
            }}
          />
        )}
      </Field>
      <Field id={`${ids}-urlKey`} label={T.urlKey} hint={T.urlKeyHint} error={errors.urlKey}>
        {(control) => (
          <input
            {...control}
            className="input"
            autoComplete="off"
            spellCheck={false}
            value={draft.urlKey}
            onChange={(event) => {
              const urlKey = event.target.value;
              update((d) => ({ ...d, urlKey, urlKeyTyped: true }), 'urlKey');
            }}
          />
        )}
      </Field>
      {productKey ? (
        <div className="field">
          <span>{T.category}</span>
          <span className="product-field__fixed">
            {T.categoryFixed(T.categories[draft.category], productKey)}
          </span>
        </div>
      ) : (
        <Field id={`${ids}-category`} label={T.category} hint={T.categoryHint}>
          {(control) => (
            <ChoiceList
              control={control}
              value={draft.category}
              choices={CATEGORIES}
              onChange={(value) => {
                const category = value as Category;
                update(
                  (d) => ({
                    ...d,
                    category,
                    connectivity: '',
                    productType: '',
                    drawing: '',
                    sheet: inputOf(category),
                  }),
                  // Another category has other fields: none of the errors said stands.
                  '*',
                );
              }}
            />
          )}
        </Field>
      )}
      <Field id={`${ids}-description`} label={T.description} error={errors.description}>
        {(control) => (
          <textarea
            {...control}
            className="input product-field__text"
            rows={5}
            value={draft.description}
            onChange={(event) => {
              const description = event.target.value;
              update((d) => ({ ...d, description }), 'description');
            }}
          />
        )}
      </Field>
      <Field id={`${ids}-price`} label={T.price} hint={T.priceHint} error={errors.price}>
        {(control) => (
          <input
            {...control}
            className="input product-field__number"
            inputMode="decimal"
            autoComplete="off"
            value={draft.price}
            onChange={(event) => {
              const price = event.target.value;
              update((d) => ({ ...d, price }), 'price');
            }}
          />
        )}
      </Field>
    </fieldset>
  );
}
