import { type FormEvent, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { AnswerOf } from '#shared/api-contract/index.ts';
import { focusFirstInvalid } from '../../components/form/focus-first-invalid.ts';
import type { CallOptions } from '../../lib/endpoints.ts';
import { useWrite, writeAction } from '../../lib/route-write.ts';
import { apiErrorMessages } from './auth-errors.ts';

type Values<F extends string> = Record<F, string>;

/** The auth pages' writes, made by their routes' action (client/pages/auth/). */
export const authAction = writeAction([
  'POST login/local',
  'POST register',
  'POST reset',
  'POST set_password',
  'POST slogin/auth',
]);

type AuthKey = 'POST login/local' | 'POST register' | 'POST reset' | 'POST set_password';

/**
 * Form state for the auth screens: values, the rules' errors (checked on submit, then as the
 * visitor corrects them), the write through the page's action (`key`, with what `send` makes
 * of the values), the API's errors, and pending while it runs. Bad input never reaches the API.
 */
export function useAuthForm<F extends string, K extends AuthKey>(
  key: K,
  initial: Values<F>,
  check: (values: Values<F>) => Partial<Record<F, string>>,
  send: (values: Values<F>) => CallOptions<K>,
  done: (answer: AnswerOf<K>) => void,
) {
  const intl = useIntl();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const formRef = useRef<HTMLFormElement | null>(null);
  const write = useWrite(key, {
    done,
    failed: (error) => {
      // docs/product.md §12: auth errors are logged to the console
      console.error('auth failed:', error);
      const messages = apiErrorMessages(intl, error);
      // a 400 naming fields marks them, and the first takes the focus
      setErrors(messages.fields as Partial<Record<F, string>>);
      setFormError(messages.form);
      return formRef.current;
    },
  });

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

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    formRef.current = form;
    setTried(true);
    setFormError(null);
    const problems = check(values);
    if (Object.values(problems).some(Boolean)) {
      // the first field at fault takes the focus (focus-first-invalid.ts)
      focusFirstInvalid(form, () => setErrors(problems));
      return;
    }
    setErrors(problems);
    void (write.submit as (options: CallOptions<K>) => Promise<void>)(send(values));
  };

  // after a success the page is left (a full load): the button stays busy until then
  return { field, onSubmit, formError, busy: write.pending || write.answer !== null };
}
