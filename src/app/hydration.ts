/**
 * A prerendered page is on screen before its scripts run: a visitor may type into its form before the
 * app takes it over (hydration), which puts the form state's empty values back on screen. So the app
 * notes what differs from what the server sent just before it hydrates (`noteEarlyInput`), then gives each
 * value back to React as if typed now, once live (`replayEarlyInput`). Nothing typed early is lost.
 */
type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

interface EarlyInput {
  id: string;
  value: string;
  checked: boolean;
}

const CHECKABLE = new Set(['checkbox', 'radio']);

function changedFields(root: ParentNode): EarlyInput[] {
  const changed: EarlyInput[] = [];
  for (const field of root.querySelectorAll<Field>('input[id], textarea[id], select[id]')) {
    if (field instanceof HTMLSelectElement) {
      if ([...field.options].some((option) => option.selected !== option.defaultSelected))
        changed.push({ id: field.id, value: field.value, checked: false });
    } else if (field instanceof HTMLInputElement && CHECKABLE.has(field.type)) {
      if (field.checked !== field.defaultChecked)
        changed.push({ id: field.id, value: field.value, checked: field.checked });
    } else if (field.type !== 'hidden' && field.value !== field.defaultValue) {
      changed.push({ id: field.id, value: field.value, checked: false });
    }
  }
  return changed;
}

function setBehindReact(field: Field, property: 'value' | 'checked', value: string | boolean): void {
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, property)?.set?.call(field, value);
}

function replay(input: EarlyInput): void {
  const field = document.getElementById(input.id);
  if (field instanceof HTMLSelectElement) {
    field.value = input.value;
    field.dispatchEvent(new Event('change', { bubbles: true }));
  } else if (field instanceof HTMLInputElement && CHECKABLE.has(field.type)) {
    if (field.checked === input.checked) return;
    // A click toggles the box to what the visitor chose, and React hears it.
    field.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  } else if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
    // Through React's value tracker, the value the server sent; then, behind the tracker's back, the typed
    // one: the input event reports a change from the first to the second, whatever React last rendered.
    field.value = field.defaultValue;
    setBehindReact(field, 'value', input.value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

let early: EarlyInput[] = [];

/** Just before hydrating: what the visitor changed in the server's page. */
export function noteEarlyInput(root: ParentNode): void {
  early = changedFields(root);
}

/** Once the app is live: each noted value, given back as if typed now. */
export function replayEarlyInput(): void {
  const inputs = early;
  early = [];
  for (const input of inputs) replay(input);
}

/** Says on <html data-hydrated> that the app is live (tests wait for it before using a page). */
export function markPageLive(): void {
  document.documentElement.dataset.hydrated = 'true';
}
