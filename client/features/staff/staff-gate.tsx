import { type FormEvent, useEffect, useRef, useState } from 'react';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import type { AnswerOf } from '#shared/api-contract/index.ts';
import { button } from '../../components/button/button.ts';
import { focusFirstInvalid } from '../../components/form/focus-first-invalid.ts';
import { TextField } from '../../components/form/text-field.tsx';
import { staffErrorText } from './staff-errors.ts';
import styles from './staff-gate.module.css';
import type { StaffFailure } from './staff-route.loader.ts';
import { useStaffSession } from './staff-session.tsx';
import { useStaffWrite } from './use-staff-route.ts';

/** The server's words for a refused code, or ours for "too many tries" (429). */
function codeErrorOf(intl: IntlShape, failure: StaffFailure | undefined): string | null {
  if (!failure) return null;
  if (failure.statusCode === 429) return intl.formatMessage({ id: 'staff.gate.tooMany' });
  if (!failure.statusCode) return intl.formatMessage({ id: 'staff.error' });
  return staffErrorText(intl, failure.fields.code || failure.message);
}

type CodeCall = 'POST staff/totp/confirm' | 'POST staff/session';

/**
 * A code field with its submit button, sent by a fetcher of the page's action; the error
 * stands next to the field, which takes the focus back to be typed again.
 */
function CodeForm({
  call,
  label,
  submitId,
  onDone,
  autoComplete = 'one-time-code',
  testId,
}: {
  call: CodeCall;
  label: string;
  submitId: string;
  /** the answer of a code that took */
  onDone?: (answer: AnswerOf<CodeCall>) => void;
  autoComplete?: string;
  testId: string;
}) {
  const intl = useIntl();
  const [code, setCode] = useState('');
  const form = useRef<HTMLFormElement>(null);
  const write = useStaffWrite(call, {
    failed: () => focusFirstInvalid(form.current),
    done: onDone,
  });
  const error = codeErrorOf(intl, write.result?.failure);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void write.submit({ body: { code: code.trim() } });
  };
  return (
    <form ref={form} className={styles.form} onSubmit={submit} data-testid={testId} noValidate>
      <TextField
        label={label}
        name="code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoComplete={autoComplete}
        inputMode={autoComplete === 'one-time-code' ? 'numeric' : undefined}
        required
        minLength={6}
        maxLength={32}
        error={error}
        autoFocus
      />
      <button
        type="submit"
        className={button('primary')}
        disabled={write.pending || code.trim().length < 6}
      >
        <FormattedMessage id={submitId} />
      </button>
    </form>
  );
}

/**
 * Not enrolled yet: the authenticator app's QR code (and its secret to type by hand), then
 * its first code confirms the enrolment and opens a staff session.
 */
export function StaffEnrol() {
  const intl = useIntl();
  const { enrolled } = useStaffSession();
  const enrol = useStaffWrite('POST staff/totp/enrol');
  const { submit } = enrol;
  const asked = useRef(false);
  // one secret per visit of this screen (each ask makes a new one)
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    void submit();
  }, [submit]);
  const enrolment = enrol.answer;
  const failure = enrol.result?.failure;
  const onDone = (answer: AnswerOf<CodeCall>) => {
    if ('recoveryCodes' in answer) enrolled(answer.recoveryCodes);
  };

  return (
    <section className={styles.card} data-testid="staff-enrol">
      <h1 className={styles.title}>
        <FormattedMessage id="staff.enrol.title" />
      </h1>
      <p className={styles.lead}>
        <FormattedMessage id="staff.enrol.lead" />
      </p>
      {failure && (
        <p role="alert" className={styles.alert}>
          {failure.statusCode
            ? staffErrorText(intl, failure.message)
            : intl.formatMessage({ id: 'staff.error' })}{' '}
          <button type="button" className={styles.inline} onClick={() => void submit()}>
            <FormattedMessage id="staff.retry" />
          </button>
        </p>
      )}
      <div className={styles.enrol}>
        <div
          className={styles.qr}
          data-testid="staff-qr"
          role="img"
          aria-label={intl.formatMessage({ id: 'staff.enrol.qr' })}
          // the server's SVG markup of the otpauth:// URI (the qrcode package)
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own server's QR drawing
          dangerouslySetInnerHTML={enrolment ? { __html: enrolment.qr } : undefined}
        />
        <div className={styles.steps}>
          <p className={styles.secretLabel}>
            <FormattedMessage id="staff.enrol.secret" />
          </p>
          <code className={styles.secret} data-testid="staff-secret">
            {enrolment?.secret ?? '…'}
          </code>
          {enrolment && (
            <CodeForm
              call="POST staff/totp/confirm"
              label={intl.formatMessage({ id: 'staff.enrol.code' })}
              submitId="staff.enrol.confirm"
              testId="staff-enrol-form"
              onDone={onDone}
            />
          )}
        </div>
      </div>
    </section>
  );
}

/** The ten recovery codes, shown this once, until "I saved them". */
export function StaffRecoveryCodes({ codes }: { codes: string[] }) {
  const { codesSaved } = useStaffSession();
  return (
    <section className={styles.card} data-testid="staff-recovery-codes">
      <h1 className={styles.title}>
        <FormattedMessage id="staff.codes.title" />
      </h1>
      <p className={styles.lead}>
        <FormattedMessage id="staff.codes.lead" />
      </p>
      <ol className={styles.codes}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <button type="button" className={button('primary')} onClick={codesSaved}>
        <FormattedMessage id="staff.codes.saved" />
      </button>
    </section>
  );
}

/** Enrolled, no staff session: a code from the app (or a recovery code) opens one. */
export function StaffCodeSignIn() {
  const intl = useIntl();
  return (
    <section className={styles.card} data-testid="staff-code">
      <h1 className={styles.title}>
        <FormattedMessage id="staff.code.title" />
      </h1>
      <p className={styles.lead}>
        <FormattedMessage id="staff.code.lead" />
      </p>
      <CodeForm
        label={intl.formatMessage({ id: 'staff.code.label' })}
        submitId="staff.code.submit"
        testId="staff-code-form"
        autoComplete="off"
        call="POST staff/session"
      />
    </section>
  );
}
