import { FormattedMessage, useIntl } from 'react-intl';
import { useStaffScreen } from '#client/features/staff/use-staff-route.ts';
import styles from '../staff.module.css';
import { StaffFrame } from '../staff-frame.tsx';
import { FilterForm, useListQuery } from '../staff-list.tsx';
import { compactJson, Failure, Pages, Table, When } from '../staff-parts.tsx';
import { AUDIT_FILTERS, type StaffScreenData } from '../staff-reads.ts';

/** /staff/audit/: every staff write, newest first, filtered by action, target and dates. */
export function StaffAuditPage() {
  const intl = useIntl();
  const list = useListQuery(AUDIT_FILTERS);
  const { data, loading, error, retry } = useStaffScreen<StaffScreenData<'staff-audit'>>();

  return (
    <StaffFrame title={intl.formatMessage({ id: 'staff.audit.title' })}>
      <FilterForm key={list.key} filter={list.filter} onFind={list.find} dates>
        {(field) => (
          <>
            <label className={styles.filter}>
              <FormattedMessage id="staff.audit.action" />
              <input {...field('action')} placeholder="order.cancel" size={16} />
            </label>
            <label className={styles.filter}>
              <FormattedMessage id="staff.audit.target" />
              <input {...field('target')} placeholder="order:42" size={16} />
            </label>
          </>
        )}
      </FilterForm>
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
      <Pages meta={data?.meta} onPage={list.toPage} />
    </StaffFrame>
  );
}
