import { type FormEvent, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { focusFirstInvalid } from '#client/components/form/focus-first-invalid.ts';
import type { CallOptions } from '#client/lib/endpoints.ts';
import { useWrite, type WriteKey } from '#client/lib/route-write.ts';
import type { AnswerOf } from '#shared/api-contract/index.ts';
import { profileErrors } from './profile-errors.ts';

type Values<F extends string> = Record<F, string>;
type Problems<F extends string> = Partial<Record<F, string | undefined>>;

/**
 * One profile card's form: values, the rules' errors (checked on submit, then while the
 * customer corrects them), the write through the page's action (`key`, with what `send`
 * makes of the values), the API's errors in the page's language, pending while it runs, and
 * the notice `done` gives. Bad input never reaches the API.
 */
export function useProfileForm<F extends string, K extends WriteKey>(
  key: K,
  initial: Values<F>,
  check: (values: Values<F>) => Problems<F>,
  send: (values: Values<F>) => CallOptions<K>,
  done: (answer: AnswerOf<K>) => string | null,
  refused?: () => void,
) {
  const intl = useIntl();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Problems<F>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const formRef = useRef<HTMLFormElement | null>(null);
  const write = useWrite(key, {
    done: (answer) => {
      setNotice(done(answer));
      setTried(false);
    },
    failed: (error) => {
      refused?.();
      const messages = profileErrors(intl, error);
      // a 400 naming fields marks them, and the first takes the focus
      setErrors(messages.fields as Problems<F>);
      setFormError(messages.form);
      return formRef.current;
    },
  });

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

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    formRef.current = form;
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
    void (write.submit as (options: CallOptions<K>) => Promise<void>)(send(values));
  };

  return { values, setValues, set, field, onSubmit, formError, notice, busy: write.pending };
}
