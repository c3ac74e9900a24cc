/**
 * What every form of the app does on submit (SPEC.md sections 5 and 8): its
 * own checks first, each problem under its field with focus on the first; then
 * one request at a time with a busy button; the server's answer mapped from its
 * ApiError code to words under a field, or to the form's live region when it
 * concerns no field. Values are the form's own; editing a field clears its error.
 */
import { useCallback, useRef, useState, type FormEvent } from 'react';
import type { ErrorCode } from '../../common/error-codes.ts';
import { focusField } from '../components/FieldError.tsx';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { ApiError, toErrorCode } from '../lib/api.ts';
import { firstFieldWithError, placeProblem, withoutField, type FieldErrors, type FormProblem } from './form-problems.ts';

export interface FormSubmitOptions<Field extends string> {
  /** Each field's control id, in the form's order: focus goes to the first with a problem. */
  fieldIds: Readonly<Record<Field, string>>;
  /** The words for a failed request, from its error code. */
  problemFor: (code: ErrorCode) => FormProblem<Field>;
}

export interface FormSubmitHandlers<Field extends string> {
  /** The form's own checks; any problem is shown and nothing is sent. */
  check: () => FieldErrors<Field> | Promise<FieldErrors<Field>>;
  /** The request and what follows its success. */
  send: () => Promise<void>;
}

export function useFormSubmit<Field extends string>({ fieldIds, problemFor }: FormSubmitOptions<Field>) {
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [message, setMessage] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submitting = useRef(false);
  const order = Object.keys(fieldIds) as Field[];

  const showErrors = (next: FieldErrors<Field>) => {
    setErrors(next);
    const first = firstFieldWithError(order, next);
    focusField(first ? fieldIds[first] : undefined);
  };

  const clearError = useCallback((field: Field) => {
    setErrors((current) => withoutField(current, field));
    setMessage(undefined);
  }, []);

  /** Sends once its checks pass: the one-at-a-time guard, the busy flag and the problem's words. */
  const submit = async ({ check, send }: FormSubmitHandlers<Field>) => {
    if (submitting.current) return;
    // Taken before the checks are awaited (they may still be loading), so a double click cannot send twice.
    submitting.current = true;
    try {
      const problems = await check();
      if (firstFieldWithError(order, problems)) return showErrors(problems);
      setBusy(true);
      setErrors({});
      setMessage(undefined);
      await send();
    } catch (error) {
      const placed = placeProblem(problemFor(toErrorCode(error)));
      showErrors(placed.errors);
      setMessage(placed.message);
    } finally {
      submitting.current = false;
      setBusy(false);
    }
  };

  const handleSubmit = (handlers: FormSubmitHandlers<Field>) =>
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      await submit(handlers);
    };

  /**
   * A button's request beside the form's submit, or an action with no form at
   * all (a removal, a resend): it shares the busy flag, the guard and the words.
   */
  const run = (send: () => Promise<void>) => submit({ check: () => ({}), send });

  /**
   * In a `send`'s catch: the server's refusal of one of this form's fields (a code already used, a day just past)
   * goes under that field; any other failure is thrown on, to the form's own words.
   */
  const showFieldRefusal = (error: unknown) => {
    const field = error instanceof ApiError ? error.field : undefined;
    if (!(error instanceof ApiError) || field === undefined || !(field in fieldIds)) throw error;
    showErrors({ [field]: error.code === 'invalid-input' ? 'Check this value.' : SERVER_MESSAGES[error.code] } as FieldErrors<Field>);
  };

  return { errors, message, busy, showErrors, clearError, handleSubmit, run, showFieldRefusal };
}
