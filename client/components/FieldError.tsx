/**
 * The pieces every form field shares: ids that tie an error or a hint to its
 * control through aria-describedby, and the error line itself.
 */
export function fieldErrorId(fieldId: string): string {
  return `${fieldId}-error`;
}

export function fieldHintId(fieldId: string): string {
  return `${fieldId}-hint`;
}

export function fieldCountId(fieldId: string): string {
  return `${fieldId}-count`;
}

/** The aria-describedby value for a control: its hint, its character limit and its error, whichever are shown. */
export function describedBy(
  fieldId: string,
  { hasHint = false, hasCount = false, error }: { hasHint?: boolean; hasCount?: boolean; error?: string | undefined },
): string | undefined {
  const ids = [hasHint ? fieldHintId(fieldId) : undefined, hasCount ? fieldCountId(fieldId) : undefined, error ? fieldErrorId(fieldId) : undefined].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

export function FieldError({ fieldId, message }: { fieldId: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={fieldErrorId(fieldId)} className="field__error">
      {message}
    </p>
  );
}

/** Moves focus to a field that needs attention, so keyboard and screen-reader users land on the problem. */
export function focusField(fieldId: string | undefined): void {
  if (fieldId) document.getElementById(fieldId)?.focus();
}
