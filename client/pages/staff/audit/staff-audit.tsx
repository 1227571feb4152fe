import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { button } from '../../../components/button/button.ts';
import { useStaffData } from '../../../features/staff/use-staff-api.ts';
import styles from '../staff.module.css';
import { StaffFrame } from '../staff-frame.tsx';
import { compactJson, definedOf, Failure, Pages, Table, When } from '../staff-parts.tsx';

const FILTERS = ['action', 'target', 'from', 'to'] as const;
type Filter = Partial<Record<(typeof FILTERS)[number], string>>;

/** /staff/audit/: every staff write, newest first, filtered by action, target and dates. */
export function StaffAuditPage() {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const filter: Filter = definedOf(params, FILTERS);
  const page = params.get('page') ?? undefined;
  const [draft, setDraft] = useState<Filter>(filter);
  const { data, loading, error, retry } = useStaffData('GET staff/audit', {
    query: { ...filter, ...(page ? { page } : {}), limit: '50' },
  });
  const field = (name: keyof Filter) => ({
    name,
    value: draft[name] ?? '',
    onChange: (event: { target: { value: string } }) =>
      setDraft((known) => ({ ...known, [name]: event.target.value })),
  });
  const find = (event: FormEvent) => {
    event.preventDefault();
    setParams(
      Object.fromEntries(
        Object.entries(draft)
          .map(([key, value]) => [key, value?.trim() ?? ''])
          .filter(([, value]) => value),
      ),
    );
  };

  return (
    <StaffFrame title={intl.formatMessage({ id: 'staff.audit.title' })} capability="audit">
      <form className={styles.filters} onSubmit={find}>
        <label className={styles.filter}>
          <FormattedMessage id="staff.audit.action" />
          <input {...field('action')} placeholder="order.cancel" size={16} />
        </label>
        <label className={styles.filter}>
          <FormattedMessage id="staff.audit.target" />
          <input {...field('target')} placeholder="order:42" size={16} />
        </label>
        <label className={styles.filter}>
          <FormattedMessage id="staff.from" />
          <input type="date" {...field('from')} />
        </label>
        <label className={styles.filter}>
          <FormattedMessage id="staff.to" />
          <input type="date" {...field('to')} />
        </label>
        <button type="submit" className={button('primary')}>
          <FormattedMessage id="staff.find" />
        </button>
      </form>
      {error && error.statusCode !== 401 && <Failure message={error.message} onRetry={retry} />}
      <div aria-busy={loading}>
        <Table
          head={[
            'staff.time',
            'staff.audit.who',
            'staff.audit.action',
            'staff.audit.target',
            'staff.audit.change',
            'staff.audit.ip',
          ]}
          testId="staff-audit-table"
          rows={(data?.items ?? []).map((row) => (
            <tr key={row.id}>
              <td>
                <When iso={row.created_at} />
              </td>
              <td>
                {row.staff.login}
                <br />
                <small>{row.staff.role}</small>
              </td>
              <td>{row.action}</td>
              <td>{row.target}</td>
              <td className={styles.json}>
                {compactJson(row.before)} → {compactJson(row.after)}
              </td>
              <td>{row.ip}</td>
            </tr>
          ))}
        />
      </div>
      <Pages
        meta={data?.meta}
        onPage={(next) => setParams({ ...filter, page: String(next) } as Record<string, string>)}
      />
    </StaffFrame>
  );
}
