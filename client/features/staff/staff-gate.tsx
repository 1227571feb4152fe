import { type FormEvent, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { StaffEnrolment } from '../../../shared/staff.ts';
import { button } from '../../components/button/button.ts';
import { focusFirstInvalid } from '../../components/form/focus-first-invalid.ts';
import { TextField } from '../../components/form/text-field.tsx';
import { ApiError } from '../../lib/api.ts';
import { callApi } from '../../lib/endpoints.ts';
import { staffErrorText } from './staff-errors.ts';
import styles from './staff-gate.module.css';
import { useStaffSession } from './staff-session.tsx';

/** The server's words for a refused code, or ours for "too many tries" (429). */
function useCodeError() {
  const intl = useIntl();
  return (error: unknown): string => {
    if (!(error instanceof ApiError)) return intl.formatMessage({ id: 'staff.error' });
    if (error.statusCode === 429) return intl.formatMessage({ id: 'staff.gate.tooMany' });
    return staffErrorText(intl, error.fields.code || error.message);
  };
}

/** A code field with its submit button; the error stands next to the field. */
function CodeForm({
  label,
  submitId,
  onCode,
  autoComplete = 'one-time-code',
  testId,
}: {
  label: string;
  submitId: string;
  onCode: (code: string) => Promise<void>;
  autoComplete?: string;
  testId: string;
}) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorText = useCodeError();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    setBusy(true);
    setError(null);
    try {
      await onCode(code.trim());
    } catch (failure) {
      // the code field says why, and takes the focus to be typed again
      focusFirstInvalid(form, () => {
        setError(errorText(failure));
        setBusy(false);
      });
    }
  };
  return (
    <form className={styles.form} onSubmit={submit} data-testid={testId} noValidate>
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
      <button type="submit" className={button('primary')} disabled={busy || code.trim().length < 6}>
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
  const [enrolment, setEnrolment] = useState<StaffEnrolment | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const asked = useRef(false);
  const start = () => {
    setFailure(null);
    callApi('POST staff/totp/enrol').then(setEnrolment, (error: unknown) =>
      setFailure(
        error instanceof ApiError
          ? staffErrorText(intl, error.message)
          : intl.formatMessage({ id: 'staff.error' }),
      ),
    );
  };
  // one secret per visit of this screen (each ask makes a new one)
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked once
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    start();
  }, []);

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
          {failure}{' '}
          <button type="button" className={styles.inline} onClick={start}>
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
              label={intl.formatMessage({ id: 'staff.enrol.code' })}
              submitId="staff.enrol.confirm"
              testId="staff-enrol-form"
              onCode={async (code) => {
                const done = await callApi('POST staff/totp/confirm', { body: { code } });
                enrolled(done.recoveryCodes);
              }}
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
  const { reload } = useStaffSession();
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
        onCode={async (code) => {
          await callApi('POST staff/session', { body: { code } });
          await reload();
        }}
      />
    </section>
  );
}
