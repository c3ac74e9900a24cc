/** The e-mail input of every form: the keyboard, autofill and spelling settings an address wants, and the server's length limit. */
import { EMAIL_MAX_LENGTH } from '../../common/constants.ts';
import { FormField, type FormFieldProps } from './FormField.tsx';

export function EmailField(props: Omit<FormFieldProps, 'label' | 'type' | 'name'>) {
  return (
    <FormField
      label="Email"
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      autoCapitalize="none"
      spellCheck={false}
      maxLength={EMAIL_MAX_LENGTH}
      {...props}
    />
  );
}
