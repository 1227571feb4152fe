import { flushSync } from 'react-dom';

/**
 * What marks a field at fault: `aria-invalid="true"` on it, or `data-invalid="true"` on a
 * group around it (the order form's comments box, its quantity's choices).
 */
export const INVALID_FIELD =
  '[aria-invalid="true"], [data-invalid="true"] input, [data-invalid="true"] textarea';

/**
 * Every form's refused submit, one rule (docs/architecture.md, "In the browser"): once the
 * errors are on screen (`update`, rendered at once with flushSync, so the fields are marked
 * before the focus looks for them), the first field at fault in document order under `root`
 * comes into view (centred: clear of a sticky header, with its message under it) and takes
 * the focus, so a keyboard or screen reader user lands on what to fix rather than on the
 * button. The client's own checks and the server's 400 naming fields both end here. `root` is
 * the form (taken before any `await`: React clears an event's currentTarget once it is
 * handled); a disabled field is passed over. Returns the field focused, or null when none is
 * marked (a refusal of the whole form: its alert says why and the focus stays).
 */
export function focusFirstInvalid(
  root: ParentNode | null | undefined,
  update?: () => void,
  selector: string = INVALID_FIELD,
): HTMLElement | null {
  if (update) flushSync(update);
  if (!root) return null;
  const first = [...root.querySelectorAll<HTMLElement>(selector)].find(
    (field) => !(field as HTMLInputElement).disabled && field.isConnected,
  );
  if (!first) return null;
  first.scrollIntoView({ block: 'center', behavior: 'smooth' });
  first.focus({ preventScroll: true });
  return first;
}
