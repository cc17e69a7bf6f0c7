import { html } from 'hono/html';

// Pieces of the hosted page's form shared by its card and shipping parts.

export type Markup = ReturnType<typeof html>;

export type CheckoutPageState = {
  /** What the customer typed (never the security code), by field name. */
  values: Partial<Record<string, string>>;
  errors: Partial<Record<string, string>>;
  /** A decline or other message about the payment as a whole. */
  paymentError: string | null;
  /** News that is not an error (the total changed with the shipping choice). */
  notice?: string | null;
};

export const emptyPageState: CheckoutPageState = { values: {}, errors: {}, paymentError: null };

export type FieldAttrs = {
  type?: string;
  autocomplete: string;
  inputmode?: string;
  placeholder?: string;
  maxlength?: number;
  readonly?: boolean;
  value?: string | undefined;
  describedBy?: string | undefined;
};

export function inputField(
  name: string,
  label: string,
  attrs: FieldAttrs,
  state: CheckoutPageState,
  autofocus: boolean,
): Markup {
  const error = state.errors[name];
  const errorId = `${name}-error`;
  const describedBy = [error ? errorId : null, attrs.describedBy].filter(Boolean).join(' ');
  const value = 'value' in attrs ? attrs.value : state.values[name];
  return html`<div class="field${error ? ' invalid' : ''}">
    <label for="${name}">${label}</label>
    <input
      id="${name}"
      name="${name}"
      type="${attrs.type ?? 'text'}"
      autocomplete="${attrs.autocomplete}"
      ${attrs.inputmode ? html`inputmode="${attrs.inputmode}"` : ''}
      ${attrs.placeholder ? html`placeholder="${attrs.placeholder}"` : ''}
      ${attrs.maxlength ? html`maxlength="${attrs.maxlength}"` : ''}
      ${attrs.readonly ? html`readonly` : ''}
      ${describedBy ? html`aria-describedby="${describedBy}"` : ''}
      ${error ? html`aria-invalid="true"` : ''}
      ${autofocus ? html`autofocus` : ''}
      spellcheck="false"
      value="${value ?? ''}"
    />
    ${error ? html`<p class="field-error" id="${errorId}">${error}</p>` : ''}
  </div>`;
}
