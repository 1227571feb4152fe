import { type ReactNode, useId } from 'react';
import styles from './staff.module.css';

/**
 * A console field at fault, tied to its message for assistive technology as the storefront's
 * TextField does (client/components/form/text-field.tsx): the message has an id, the field is
 * `aria-invalid` and `aria-describedby` it, so a screen reader says why when it lands there
 * (focusFirstInvalid puts it there after a refused submit).
 */

/** Ids for a form's fields: `idOf('amount')`, the same on every render. */
export function useFieldIds(): (name: string) => string {
  const base = useId();
  return (name: string) => `${base}${name}`;
}

/** The attributes of a field with `error` (none while it has none). */
export function invalidProps(id: string, error: string | null | undefined) {
  return error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};
}

/** A field's message under it, with the id its field names. */
export function FieldError({ id, error }: { id: string; error: string | null | undefined }) {
  return error ? (
    <span id={`${id}-error`} role="alert" className={styles.fieldError}>
      {error}
    </span>
  ) : null;
}

/**
 * A labelled field of the console (`.filter`, or `.field` the width of its column, `wide`: the
 * label over the control) with its message under it, outside the label, so the field's name
 * stays its label and the message is its description. The control takes `id` and
 * `invalidProps(id, error)`.
 */
export function StaffField({
  id,
  label,
  error,
  wide = false,
  className = '',
  children,
}: {
  id: string;
  label: ReactNode;
  error: string | null | undefined;
  wide?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`${wide ? styles.field : styles.filter} ${className}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      <FieldError id={id} error={error} />
    </div>
  );
}
