/** What a tap reaches on its own: a control, a link, a label (which focuses its field itself). */
const CONTROL = 'input, textarea, select, button, a, label, [role="button"], [role="radio"], [role="checkbox"]';
/** A field's row: an antd-mobile form item (label, padding, extra) or the amount input's box. */
const FIELD_ROW = '.adm-form-item, .amount-field__box';
/** The text field a row holds (never a checkbox: a tap beside an agreement does not tick it). */
const TEXT_FIELD =
  'input:not([type="hidden"]):not([type="checkbox"]):not([type="radio"]):not(:disabled), textarea:not(:disabled)';

/**
 * A tap anywhere on a field's row that is not on a control of its own (the row's padding, the asset
 * code beside an amount) focuses the row's text field, so the whole row is the field's tap target
 * and not only the text line inside it (issue 24). Put it on a click handler around the rows.
 */
export function focusTappedField(event: { target: EventTarget | null }): void {
  const target = event.target;
  if (!(target instanceof Element) || target.closest(CONTROL)) return;
  target.closest(FIELD_ROW)?.querySelector<HTMLElement>(TEXT_FIELD)?.focus();
}
