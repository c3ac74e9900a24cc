/**
 * The account settings' input rules (change of e-mail and password, deletion by
 * password or by a mailed code),
 * for both sides: the new address and the new password follow sign-up's own
 * rules (validation.ts), and a current password is any non-empty string, as at
 * login, since its length says nothing until it is checked.
 */
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './constants.ts';
import { memberSignupSchema } from './validation.ts';

const currentPassword = z
  .string({ error: 'missing-password' })
  .min(1, { error: 'missing-password' })
  .max(PASSWORD_MAX_LENGTH, { error: 'wrong-password' });

export const changeEmailSchema = z.object({ email: memberSignupSchema.shape.email, password: currentPassword });

export const changePasswordSchema = z.object({ currentPassword, newPassword: memberSignupSchema.shape.password });

export const deleteAccountSchema = z.object({ password: currentPassword });

/** The six digits mailed to delete an account (docs/decisions/159): any other shape is simply not the code. */
export const deleteByCodeSchema = z.object({ code: z.string({ error: 'wrong-code' }).trim().regex(/^\d{6}$/, { error: 'wrong-code' }) });

/** Asking for that code: from a site (its handle gives the mail its look) or not. */
export const deletionCodeSchema = z.object({ handle: z.string().max(64).optional() });
