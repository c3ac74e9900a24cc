/**
 * The pure part of useFormSubmit: which field comes first, and where a
 * problem goes. Kept apart so the rules are tested without a browser.
 */

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/** A problem under one field, or (no field) about the whole form, said in its live region. */
export interface FormProblem<Field extends string> {
  field?: Field;
  message: string;
}

/** The first field, in the form's order, that has a problem. */
export function firstFieldWithError<Field extends string>(order: readonly Field[], errors: FieldErrors<Field>): Field | undefined {
  return order.find((field) => errors[field] !== undefined);
}

export function withoutField<Field extends string>(errors: FieldErrors<Field>, field: Field): FieldErrors<Field> {
  if (errors[field] === undefined) return errors;
  const rest = { ...errors };
  delete rest[field];
  return rest;
}

/** Splits a server problem into the field errors and the form message it becomes. */
export function placeProblem<Field extends string>(problem: FormProblem<Field>): { errors: FieldErrors<Field>; message: string | undefined } {
  if (problem.field === undefined) return { errors: {}, message: problem.message };
  return { errors: { [problem.field]: problem.message } as FieldErrors<Field>, message: undefined };
}
