import { useMemo, type ReactNode } from 'react';
import { ChoiceList, controlProps, Field, Notes } from '../form-field.tsx';
import type { SwitchOption } from './api.ts';
import type { PartProps } from './draft.ts';
import { useSwitches } from './use-product.ts';
import { DIMENSIONS, sheetFields, type SheetField, type SheetInput } from './sheet-form.ts';
import { PRODUCT_TEXT as T, STATUS_TEXT } from './texts.ts';

/**
 * The specification sheet as a form built from the category's fields (sheet-form.ts): a select
 * for each set of values, a number with its unit, a checkbox for yes or no, a checkbox per choice
 * where several apply, text otherwise; a keyboard's switches fitted is one of our switches.
 */
export function SheetFields({ draft, errors, ids, update }: PartProps) {
  const switches = useSwitches(draft.category === 'keyboards');
  const fields = useMemo(() => sheetFields(draft.category), [draft.category]);
  const set = (key: string, value: SheetInput[string], field: string) =>
    update((d) => ({ ...d, sheet: { ...d.sheet, [key]: value } }), `spec:${field}`, 'specs');
  const text = (key: string) => String(draft.sheet[key] ?? '');

  const one = ({ id, label, control }: SheetField): ReactNode => {
    const key = `${ids}-spec-${id}`;
    const error = errors[`spec:${id}`];
    switch (control.kind) {
      case 'boolean':
        return (
          <div className="field" key={id}>
            <div className="admin-check">
              <input
                {...controlProps(key, { error })}
                type="checkbox"
                checked={draft.sheet[id] === true}
                onChange={(e) => set(id, e.target.checked, id)}
              />
              <label htmlFor={key}>{label}</label>
            </div>
            <Notes id={key} error={error} />
          </div>
        );
      case 'multi':
      case 'dimensions': {
        const describedBy = controlProps(key, { error })['aria-describedby'];
        return (
          <fieldset className="product-subgroup" key={id} aria-describedby={describedBy}>
            <legend>{label}</legend>
            {control.kind === 'multi'
              ? control.choices.map((choice) => {
                  const ticked = (draft.sheet[id] ?? []) as readonly string[];
                  return (
                    <div className="admin-check" key={choice.value}>
                      <input
                        {...controlProps(`${key}-${choice.value}`, { error })}
                        aria-describedby={describedBy}
                        type="checkbox"
                        checked={ticked.includes(choice.value)}
                        onChange={(e) =>
                          set(
                            id,
                            e.target.checked
                              ? [...ticked, choice.value]
                              : ticked.filter((v) => v !== choice.value),
                            id,
                          )
                        }
                      />
                      <label htmlFor={`${key}-${choice.value}`}>{choice.label}</label>
                    </div>
                  );
                })
              : DIMENSIONS.map((side) => (
                  <Field
                    key={side}
                    id={`${key}-${side}`}
                    label={T.dimensions[side]}
                    unit={control.unit}
                  >
                    {(props) => (
                      <input
                        {...props}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={[props['aria-describedby'], describedBy]
                          .filter(Boolean)
                          .join(' ')}
                        className="input product-field__number"
                        type="number"
                        step="any"
                        value={text(`${id}.${side}`)}
                        onChange={(e) => set(`${id}.${side}`, e.target.value, id)}
                      />
                    )}
                  </Field>
                ))}
            <Notes id={key} error={error} />
          </fieldset>
        );
      }
      default:
        return (
          <Field
            key={id}
            id={key}
            label={label}
            error={error}
            unit={control.kind === 'number' ? control.unit : null}
            hint={control.kind === 'number' && control.empty === 'null' ? T.emptyIsNone : undefined}
          >
            {(props) =>
              control.kind === 'select' ? (
                <ChoiceList
                  control={props}
                  value={text(id)}
                  choices={control.choices}
                  empty={control.optional ? T.none : T.choose}
                  onChange={(value) => set(id, value, id)}
                />
              ) : control.kind === 'switch' ? (
                <ChoiceList
                  control={props}
                  value={text(id)}
                  choices={switchChoices(switches, text(id))}
                  empty={T.choose}
                  onChange={(value) => set(id, value, id)}
                />
              ) : (
                <input
                  {...props}
                  className={control.kind === 'number' ? 'input product-field__number' : 'input'}
                  type={control.kind === 'number' ? 'number' : 'text'}
                  step={control.kind === 'number' ? 'any' : undefined}
                  autoComplete="off"
                  value={text(id)}
                  onChange={(e) => set(id, e.target.value, id)}
                />
              )
            }
          </Field>
        );
    }
  };

  return (
    <fieldset className="product-group" aria-describedby={`${ids}-specs-hint`}>
      <legend>
        <h2>{T.specs}</h2>
      </legend>
      <Notes id={`${ids}-specs`} hint={T.specsHint} error={errors.specs} />
      <div className="product-sheet">{fields.map(one)}</div>
    </fieldset>
  );
}

/** Our switches by name (drafts and archived ones marked), and a fitted one no longer listed. */
function switchChoices(switches: SwitchOption[] | null, current: string) {
  const choices = (switches ?? []).map((s) => ({
    value: s.key,
    label: s.status === 'published' ? s.name : `${s.name} (${STATUS_TEXT[s.status]})`,
  }));
  if (current && !choices.some((c) => c.value === current)) {
    choices.unshift({ value: current, label: current });
  }
  return choices;
}
