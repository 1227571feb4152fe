import { type FormEvent, useState } from 'react';
import { useIntl } from 'react-intl';
import { focusFirstInvalid } from '../../../components/form/focus-first-invalid.ts';
import { profileErrors } from './profile-errors.ts';

type Values<F extends string> = Record<F, string>;
type Problems<F extends string> = Partial<Record<F, string | undefined>>;

/**
 * One profile card's form: values, the rules' errors (checked on submit, then while the
 * customer corrects them), the API's errors in the page's language, a busy flag that disables
 * the button, and a success notice. Bad input never reaches the API.
 */
export function useProfileForm<F extends string>(
  initial: Values<F>,
  check: (values: Values<F>) => Problems<F>,
  submit: (values: Values<F>) => Promise<string | null>,
) {
  const intl = useIntl();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Problems<F>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [tried, setTried] = useState(false);

  const set = (name: F, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    setNotice(null);
    if (tried) setErrors(check(next));
  };

  const field = (name: F) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => set(name, event.target.value),
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    setTried(true);
    setFormError(null);
    setNotice(null);
    const problems = check(values);
    if (Object.values(problems).some(Boolean)) {
      // the first field at fault takes the focus (focus-first-invalid.ts)
      focusFirstInvalid(form, () => setErrors(problems));
      return;
    }
    setErrors(problems);
    setBusy(true);
    try {
      setNotice(await submit(values));
      setTried(false);
      setBusy(false);
    } catch (error) {
      const messages = profileErrors(intl, error);
      // a 400 naming fields marks them, and the first takes the focus
      focusFirstInvalid(form, () => {
        setErrors(messages.fields as Problems<F>);
        setFormError(messages.form);
        setBusy(false);
      });
    }
  };

  return { values, setValues, set, field, onSubmit, formError, notice, busy };
}
