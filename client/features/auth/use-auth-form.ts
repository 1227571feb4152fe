import { type FormEvent, useState } from 'react';
import { useIntl } from 'react-intl';
import { focusFirstInvalid } from '../../components/form/focus-first-invalid.ts';
import { apiErrorMessages } from './auth-errors.ts';

type Values<F extends string> = Record<F, string>;

/**
 * Form state for the auth screens: values, the rules' errors (checked on submit, then as the
 * visitor corrects them), the API's errors, and a busy flag. Bad input never reaches the API.
 */
export function useAuthForm<F extends string>(
  initial: Values<F>,
  check: (values: Values<F>) => Partial<Record<F, string>>,
  submit: (values: Values<F>) => Promise<void>,
) {
  const intl = useIntl();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [tried, setTried] = useState(false);

  const field = (name: F) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => {
      const next = { ...values, [name]: event.target.value };
      setValues(next);
      if (tried) setErrors(check(next));
    },
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    setTried(true);
    setFormError(null);
    const problems = check(values);
    if (Object.values(problems).some(Boolean)) {
      // the first field at fault takes the focus (focus-first-invalid.ts)
      focusFirstInvalid(form, () => setErrors(problems));
      return;
    }
    setErrors(problems);
    setBusy(true);
    try {
      await submit(values);
    } catch (error) {
      // SPEC §8: auth errors are logged to the console
      console.error('auth failed:', error);
      const messages = apiErrorMessages(intl, error);
      // a 400 naming fields marks them, and the first takes the focus
      focusFirstInvalid(form, () => {
        setErrors(messages.fields as Partial<Record<F, string>>);
        setFormError(messages.form);
        setBusy(false);
      });
    }
  };

  return { field, onSubmit, formError, busy };
}
