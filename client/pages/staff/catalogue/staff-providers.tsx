import { type FormEvent, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { button } from '#client/components/button/button.ts';
import { focusFirstInvalid } from '#client/components/form/focus-first-invalid.ts';
import { errorOf, failureOf, staffErrorText } from '#client/features/staff/staff-errors.ts';
import { useStaffSession } from '#client/features/staff/staff-session.tsx';
import { useStaffScreen, useStaffWrite } from '#client/features/staff/use-staff-route.ts';
import { useLocalePath } from '#client/lib/locale.ts';
import { CURRENCIES } from '#shared/regions.ts';
import type { StaffProviderBody } from '#shared/schemas/staff-catalogue.schemas.ts';
import type { StaffProvider, StaffProviderTest } from '#shared/staff-catalogue.ts';
import styles from '../staff.module.css';
import { useConfirm } from '../staff-confirm.tsx';
import { invalidProps, StaffField, useFieldIds } from '../staff-fields.tsx';
import { StaffFrame } from '../staff-frame.tsx';
import { ErrorRateCells, Failure, Table } from '../staff-parts.tsx';
import type { StaffScreenData } from '../staff-reads.ts';

function TestResult({ result }: { result: StaffProviderTest | undefined }) {
  const intl = useIntl();
  if (!result) return <>—</>;
  return result.ok ? (
    <span data-ok="true">
      {result.balance} {result.currency}
    </span>
  ) : (
    <span className={styles.fieldError}>{staffErrorText(intl, result.error)}</span>
  );
}

/** The fields of the add form (POST staff/providers' body). */
const ADD_FIELDS: readonly string[] = ['id', 'url', 'api_key', 'currency'];

/**
 * Add a provider: its id, URL, currency and API key (a password field, never shown back: it
 * is cleared once sent, whatever the call answers). The page reads the list again after it.
 */
function AddProvider() {
  const [form, setForm] = useState({ id: '', url: '', api_key: '', currency: 'USD' });
  const element = useRef<HTMLFormElement>(null);
  const add = useStaffWrite('POST staff/providers', {
    done: () => setForm((known) => ({ id: '', url: '', api_key: '', currency: known.currency })),
    // a 400 naming fields marks them, and the first takes the focus
    failed: () => focusFirstInvalid(element.current),
  });
  const failure = add.error && failureOf(add.error);
  const idOf = useFieldIds();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setForm((known) => ({ ...known, api_key: '' }));
    void add.submit({
      // the currency is one of the select's, CURRENCIES
      body: {
        ...form,
        id: form.id.trim(),
        url: form.url.trim(),
        api_key: form.api_key.trim(),
      } as StaffProviderBody,
    });
  };
  const field = (name: 'id' | 'url' | 'api_key', extra: Record<string, unknown>) => (
    <StaffField
      id={idOf(name)}
      label={<FormattedMessage id={`staff.providers.${name}`} />}
      error={failure?.fields[name]}
      className={name === 'url' ? styles.search : ''}
    >
      <input
        id={idOf(name)}
        name={name}
        value={form[name]}
        onChange={(event) => setForm({ ...form, [name]: event.target.value })}
        {...invalidProps(idOf(name), failure?.fields[name])}
        {...extra}
      />
    </StaffField>
  );
  return (
    <form
      ref={element}
      className={styles.filters}
      onSubmit={submit}
      noValidate
      data-testid="staff-provider-add"
    >
      {field('id', { maxLength: 64, size: 12 })}
      {field('url', { type: 'url', maxLength: 500, placeholder: 'https://panel.example/api/v2' })}
      {field('api_key', { type: 'password', autoComplete: 'new-password', maxLength: 500 })}
      <StaffField
        id={idOf('currency')}
        label={<FormattedMessage id="staff.providers.currency" />}
        error={failure?.fields.currency}
      >
        <select
          id={idOf('currency')}
          name="currency"
          value={form.currency}
          onChange={(event) => setForm({ ...form, currency: event.target.value })}
          {...invalidProps(idOf('currency'), failure?.fields.currency)}
        >
          {CURRENCIES.map((currency) => (
            <option key={currency}>{currency}</option>
          ))}
        </select>
      </StaffField>
      <button type="submit" className={button('primary')} disabled={add.pending}>
        <FormattedMessage id="staff.providers.add" />
      </button>
      {/* a field's message stands under it; the rest is said here */}
      {failure && !Object.keys(failure.fields).some((name) => ADD_FIELDS.includes(name)) && (
        <p role="alert" className={styles.alert} style={{ width: '100%', margin: 0 }}>
          {failure.text}
        </p>
      )}
    </form>
  );
}

/** /staff/providers/: providers, their error rate, balance on demand, test, enable, import. */
export function StaffProvidersPage() {
  const intl = useIntl();
  const to = useLocalePath();
  const [confirm, confirmDialog] = useConfirm();
  const { me } = useStaffSession();
  const [params, setParams] = useSearchParams();
  const withBalance = params.get('balance') === '1';
  const { data, loading, error, retry } = useStaffScreen<StaffScreenData<'staff-providers'>>();
  const providers = data ?? [];
  const balances = () => {
    if (withBalance) retry();
    else setParams({ balance: '1' }, { replace: true, preventScrollReset: true });
  };
  // a test's answer is its row's (the page is not read again for it)
  const [tests, setTests] = useState<Record<string, StaffProviderTest>>({});
  const tested = useRef('');
  const testing = useStaffWrite('POST staff/providers/:id/test', {
    done: (result) => setTests((known) => ({ ...known, [tested.current]: result })),
  });
  const enabling = useStaffWrite('POST staff/providers/:id/enabled');
  /** the call asked last: its refusal is said above the list */
  const [asked, setAsked] = useState<'test' | 'enable' | null>(null);
  const refused = asked === 'test' ? testing.error : asked === 'enable' ? enabling.error : null;
  const busy = testing.pending || enabling.pending;

  const test = (id: string) => {
    tested.current = id;
    setAsked('test');
    void testing.submit({ params: { id } });
  };
  const toggle = async (provider: StaffProvider) => {
    const enabled = !provider.enabled;
    if (
      !(await confirm(
        intl.formatMessage(
          { id: enabled ? 'staff.providers.enableConfirm' : 'staff.providers.disableConfirm' },
          { id: provider.id },
        ),
      ))
    )
      return;
    setAsked('enable');
    void enabling.submit({ params: { id: provider.id }, body: { enabled } });
  };

  return (
    <StaffFrame title={intl.formatMessage({ id: 'staff.providers.title' })}>
      <div className={styles.actions}>
        <button type="button" className={button('secondary')} disabled={loading} onClick={balances}>
          <FormattedMessage id="staff.providers.balances" />
        </button>
      </div>
      {error && error.statusCode !== 401 && <Failure message={error.message} onRetry={retry} />}
      {refused && (
        <p role="alert" className={styles.alert}>
          {errorOf(refused)}
        </p>
      )}
      <div aria-busy={loading}>
        <Table
          head={[
            'staff.providers.id',
            'staff.providers.url',
            'staff.providers.currency',
            'staff.providers.enabled',
            'staff.providers.key',
            'staff.providers.calls',
            'staff.providers.errorRate',
            'staff.providers.balance',
            'staff.providers.actions',
          ]}
          testId="staff-providers-table"
          rows={providers.map((provider) => (
            <tr key={provider.id} data-provider={provider.id}>
              <td>
                <strong>{provider.id}</strong>
              </td>
              <td className={styles.wrap}>{provider.url}</td>
              <td>{provider.currency}</td>
              <td>{intl.formatMessage({ id: provider.enabled ? 'staff.yes' : 'staff.no' })}</td>
              <td>
                <FormattedMessage
                  id={provider.key_sealed ? 'staff.providers.sealed' : 'staff.providers.plain'}
                />
              </td>
              <ErrorRateCells provider={provider} />
              <td>
                <TestResult result={tests[provider.id] ?? provider.balance} />
              </td>
              <td className={styles.links}>
                <button
                  type="button"
                  className={styles.pageButton}
                  disabled={busy}
                  onClick={() => test(provider.id)}
                >
                  <FormattedMessage id="staff.providers.test" />
                </button>
                <button
                  type="button"
                  className={styles.pageButton}
                  disabled={busy}
                  onClick={() => toggle(provider)}
                >
                  <FormattedMessage
                    id={provider.enabled ? 'staff.providers.disable' : 'staff.providers.enable'}
                  />
                </button>
                {me?.capabilities.includes('catalogue') && (
                  <Link to={to('staff-import', { provider: provider.id })}>
                    <FormattedMessage id="staff.providers.import" />
                  </Link>
                )}
              </td>
            </tr>
          ))}
        />
      </div>
      <h2 className={styles.subtitle}>
        <FormattedMessage id="staff.providers.addTitle" />
      </h2>
      <AddProvider />
      {confirmDialog}
    </StaffFrame>
  );
}
