import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useStaffScreen } from '#client/features/staff/use-staff-route.ts';
import { useLocalePath } from '#client/lib/locale.ts';
import styles from '../staff.module.css';
import { StaffFrame } from '../staff-frame.tsx';
import { FilterForm, useListQuery } from '../staff-list.tsx';
import { Failure, Money, Pages, Table, When, wordOf } from '../staff-parts.tsx';
import { type StaffScreenData, USER_FILTERS } from '../staff-reads.ts';

/** /staff/users/: accounts found by id, login or e-mail. */
export function StaffUsersPage() {
  const intl = useIntl();
  const to = useLocalePath();
  const list = useListQuery(USER_FILTERS);
  const { data, loading, error, retry } = useStaffScreen<StaffScreenData<'staff-users'>>();

  return (
    <StaffFrame title={intl.formatMessage({ id: 'staff.users.title' })}>
      <FilterForm key={list.key} filter={list.filter} onFind={list.find}>
        {(field) => (
          <label className={`${styles.filter} ${styles.search}`}>
            <FormattedMessage id="staff.users.q" />
            <input type="search" {...field('q')} maxLength={200} />
          </label>
        )}
      </FilterForm>
      {error && error.statusCode !== 401 && <Failure message={error.message} onRetry={retry} />}
      <div aria-busy={loading}>
        <Table
          head={[
            'staff.users.id',
            'staff.users.login',
            'staff.users.email',
            'staff.users.role',
            'staff.users.balance',
            'staff.users.level',
            'staff.users.created',
          ]}
          testId="staff-users-table"
          rows={(data?.items ?? []).map((user) => (
            <tr key={user.id}>
              <td>
                <Link to={to('staff-user', { id: String(user.id) })}>#{user.id}</Link>
              </td>
              <td>{user.login ?? '—'}</td>
              <td className={styles.wrap}>{user.email}</td>
              <td>{wordOf(intl, 'role', user.role)}</td>
              <td className={styles.num}>
                <Money minor={user.balance} currency={user.cur} />
              </td>
              <td className={styles.num}>{user.discount_level}</td>
              <td>
                <When iso={user.created_at} />
              </td>
            </tr>
          ))}
        />
      </div>
      <Pages meta={data?.meta} onPage={list.toPage} />
    </StaffFrame>
  );
}
