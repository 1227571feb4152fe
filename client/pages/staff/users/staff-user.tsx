import { useEffect, useState } from 'react';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import type { StaffRolesBody } from '../../../../shared/schemas/staff.schemas.ts';
import type { StaffUserDetail } from '../../../../shared/staff.ts';
import { button } from '../../../components/button/button.ts';
import { focusFirstInvalid } from '../../../components/form/focus-first-invalid.ts';
import { useStaffSession } from '../../../features/staff/staff-session.tsx';
import { errorOf, useStaffCall, useStaffData } from '../../../features/staff/use-staff-api.ts';
import { ApiError } from '../../../lib/api.ts';
import { useLocalePath } from '../../../lib/locale.ts';
import styles from '../staff.module.css';
import { useConfirm } from '../staff-confirm.tsx';
import { invalidProps, useFieldIds } from '../staff-fields.tsx';
import { StaffFrame } from '../staff-frame.tsx';
import {
  Facts,
  Failure,
  LedgerTable,
  Money,
  ServiceTag,
  Status,
  Table,
  When,
  wordOf,
} from '../staff-parts.tsx';
import { AdjustmentsTable } from './staff-adjustments.tsx';
import { BalanceForm } from './staff-user-balance.tsx';
import { UserPayments, UserReferrals } from './staff-user-money.tsx';

const STAFF_ROLES = ['ROLE_ADMIN', 'ROLE_MODERATOR', 'ROLE_MANAGER', 'ROLE_SEO', 'ROLE_PROXY'];

const LEVELS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

/** Roles (ROLE_ADMIN …) by their names in the console's language; the plain user role left out. */
const rolesText = (intl: IntlShape, roles: string[]) =>
  roles
    .filter((role) => role !== 'ROLE_USER')
    .map((role) => wordOf(intl, 'role', role.replace(/^ROLE_/, '').toLowerCase()))
    .join(', ') || '—';

type UserAction = 'level' | 'block' | 'logout' | 'roles';

/**
 * The account's other actions: the discount level, block or unblock (confirmed), log out
 * everywhere (confirmed), and, for admins (`roles`), its staff roles.
 */
function UserActions({
  user,
  onDone,
}: {
  user: StaffUserDetail;
  onDone: (user: StaffUserDetail, action: UserAction) => void;
}) {
  const intl = useIntl();
  const call = useStaffCall();
  const { me } = useStaffSession();
  const [confirm, confirmDialog] = useConfirm();
  const [level, setLevel] = useState(String(user.discount_level));
  const [roles, setRoles] = useState<string[]>(user.roles.filter((role) => role !== 'ROLE_USER'));
  const [busy, setBusy] = useState<UserAction | null>(null);
  const [error, setError] = useState<{
    action: UserAction;
    text: string;
    /** the server's 400 named the form's field (`level`, `roles`) */
    field: boolean;
  } | null>(null);
  const params = { id: String(user.id) };
  const idOf = useFieldIds();

  /** Asks; a refusal is said under its form, whose field is marked and focused when named. */
  const run = async (
    action: UserAction,
    ask: () => Promise<StaffUserDetail>,
    form?: HTMLFormElement,
  ) => {
    setBusy(action);
    setError(null);
    try {
      onDone(await ask(), action);
    } catch (failure) {
      const field = Boolean(failure instanceof ApiError && failure.fields[action]);
      focusFirstInvalid(form, () => setError({ action, text: errorOf(failure, action), field }));
    } finally {
      setBusy(null);
    }
  };
  /** The marks of a form's field while the server's refusal names it. */
  const fieldOf = (action: UserAction) =>
    invalidProps(idOf(action), error?.action === action && error.field ? error.text : null);
  const block = async () => {
    const blocked = !user.blocked;
    const ask = blocked ? 'staff.user.blockConfirm' : 'staff.user.unblockConfirm';
    if (!(await confirm(intl.formatMessage({ id: ask }, { who: user.login ?? user.email }))))
      return;
    void run('block', () => call('POST staff/users/:id/block', { params, body: { blocked } }));
  };
  const logout = async () => {
    if (
      !(await confirm(
        intl.formatMessage({ id: 'staff.user.logoutConfirm' }, { who: user.login ?? user.email }),
      ))
    )
      return;
    void run('logout', () => call('POST staff/users/:id/logout', { params }));
  };
  const errorFor = (action: UserAction) =>
    error?.action === action ? (
      <p
        id={`${idOf(action)}-error`}
        role="alert"
        className={styles.alert}
        style={{ width: '100%', margin: 0 }}
      >
        {error.text}
      </p>
    ) : null;

  return (
    <div data-testid="staff-user-actions">
      <form
        className={styles.actions}
        onSubmit={(event) => {
          event.preventDefault();
          void run(
            'level',
            () => call('POST staff/users/:id/level', { params, body: { level: Number(level) } }),
            event.currentTarget,
          );
        }}
      >
        <label className={styles.filter}>
          <FormattedMessage id="staff.user.level" />
          <select
            name="level"
            value={level}
            onChange={(event) => setLevel(event.target.value)}
            {...fieldOf('level')}
          >
            {LEVELS.map((one) => (
              <option key={one} value={one}>
                {one}
              </option>
            ))}
          </select>
        </label>
        <button
          type="submit"
          className={button('secondary')}
          disabled={busy !== null || level === String(user.discount_level)}
        >
          <FormattedMessage id="staff.user.setLevel" />
        </button>
        {errorFor('level')}
      </form>
      <div className={styles.actions}>
        <button
          type="button"
          className={`${button('secondary')} ${user.blocked ? '' : styles.danger}`}
          disabled={busy !== null}
          onClick={block}
          data-testid="staff-user-block"
        >
          <FormattedMessage id={user.blocked ? 'staff.user.unblock' : 'staff.user.block'} />
        </button>
        <button
          type="button"
          className={button('secondary')}
          disabled={busy !== null}
          onClick={logout}
        >
          <FormattedMessage id="staff.user.logout" />
        </button>
        {errorFor('block')}
        {errorFor('logout')}
      </div>
      {me?.capabilities.includes('roles') && (
        <form
          className={styles.actions}
          data-testid="staff-user-roles"
          onSubmit={async (event) => {
            event.preventDefault();
            const form = event.currentTarget;
            if (
              !(await confirm(
                intl.formatMessage(
                  { id: 'staff.user.rolesConfirm' },
                  { who: user.login ?? user.email, roles: rolesText(intl, roles) },
                ),
              ))
            )
              return;
            void run(
              'roles',
              () =>
                call('POST staff/users/:id/roles', {
                  params,
                  body: { roles: roles as StaffRolesBody['roles'] },
                }),
              form,
            );
          }}
        >
          <fieldset className={styles.checks}>
            <legend>
              <FormattedMessage id="staff.user.roles" />
            </legend>
            {STAFF_ROLES.map((role) => (
              <label key={role} className={styles.check}>
                <input
                  type="checkbox"
                  name="roles"
                  value={role}
                  checked={roles.includes(role)}
                  {...fieldOf('roles')}
                  onChange={(event) =>
                    setRoles((known) =>
                      event.target.checked
                        ? [...known, role]
                        : known.filter((other) => other !== role),
                    )
                  }
                />
                <FormattedMessage id={`staff.role.${role.slice(5).toLowerCase()}`} />
              </label>
            ))}
          </fieldset>
          <button type="submit" className={button('secondary')} disabled={busy !== null}>
            <FormattedMessage id="staff.user.saveRoles" />
          </button>
          {errorFor('roles')}
        </form>
      )}
      {confirmDialog}
    </div>
  );
}

/**
 * /staff/users/:id/: an account, its balance, sessions, API key, orders, payments, referrals and
 * ledger.
 */
export function StaffUserPage() {
  const intl = useIntl();
  const to = useLocalePath();
  const { id = '' } = useParams();
  const { data, loading, error, retry } = useStaffData('GET staff/users/:id', { params: { id } });
  const [user, setUser] = useState<StaffUserDetail | null>(null);
  const [done, setDone] = useState<string | null>(null);
  useEffect(() => setUser(data), [data]);

  return (
    <StaffFrame title={intl.formatMessage({ id: 'staff.user.title' }, { id })}>
      <p>
        <Link to={to('staff-users')}>← {intl.formatMessage({ id: 'staff.users.title' })}</Link>
      </p>
      {error && error.statusCode !== 401 && <Failure message={error.message} onRetry={retry} />}
      {!user && loading && <p aria-busy="true">…</p>}
      {user && (
        <div data-testid="staff-user">
          {done && (
            <p className={styles.notice} role="status">
              <FormattedMessage id={done} />
            </p>
          )}
          <Facts
            items={[
              ['staff.users.login', user.login],
              ['staff.users.email', user.email],
              [
                'staff.users.balance',
                <strong key="balance" data-testid="staff-user-balance">
                  <Money minor={user.balance} currency={user.cur} />
                </strong>,
              ],
              ['staff.users.role', wordOf(intl, 'role', user.role)],
              [
                'staff.user.blocked',
                <span key="blocked" data-testid="staff-user-blocked">
                  {intl.formatMessage({ id: user.blocked ? 'staff.yes' : 'staff.no' })}
                </span>,
              ],
              ['staff.user.roles', rolesText(intl, user.roles)],
              ['staff.users.level', user.discount_level],
              ['staff.user.lang', user.lang],
              [
                'staff.user.apiKey',
                user.api_key
                  ? intl.formatMessage(
                      { id: 'staff.user.apiKeyOn' },
                      { prefix: user.api_key.prefix },
                    )
                  : intl.formatMessage({ id: 'staff.user.apiKeyOff' }),
              ],
              [
                'staff.user.apiKeyUsed',
                user.api_key?.last_used_at ? (
                  <When key="used" iso={user.api_key.last_used_at} />
                ) : null,
              ],
              ['staff.user.sessions', user.sessions],
              ['staff.users.created', <When key="created" iso={user.created_at} />],
            ]}
          />
          <h2 className={styles.subtitle}>
            <FormattedMessage id="staff.user.balanceTitle" />
          </h2>
          <BalanceForm
            user={user}
            onDone={(next, waiting) => {
              setUser(next);
              setDone(waiting ? 'staff.user.adjustWaiting' : 'staff.user.adjusted');
            }}
          />
          {user.adjustments.length > 0 && (
            <>
              <h2 className={styles.subtitle}>
                <FormattedMessage id="staff.user.waiting" />
              </h2>
              <AdjustmentsTable
                items={user.adjustments}
                testId="staff-user-adjustments"
                onDecided={(decided) => {
                  setDone(`staff.adjustments.done.${decided.status}`);
                  retry();
                }}
              />
            </>
          )}
          <h2 className={styles.subtitle}>
            <FormattedMessage id="staff.user.actions" />
          </h2>
          <UserActions
            key={`${user.discount_level}-${user.blocked}-${user.roles.join()}`}
            user={user}
            onDone={(next, action) => {
              setUser(next);
              setDone(`staff.user.done.${action}`);
            }}
          />
          <h2 className={styles.subtitle}>
            <FormattedMessage id="staff.user.orders" />
          </h2>
          <Table
            head={[
              'staff.orders.id',
              'staff.orders.service',
              'staff.orders.link',
              'staff.orders.cost',
              'staff.orders.status',
              'staff.orders.created',
            ]}
            rows={user.orders.map((order) => (
              <tr key={order.id}>
                <td>
                  <Link to={to('staff-order', { id: String(order.id) })}>#{order.id}</Link>
                </td>
                <td>
                  <ServiceTag tag={order.tag} names={order.service_names} />
                </td>
                <td className={styles.wrap}>{order.link}</td>
                <td className={styles.num}>
                  <Money minor={order.cost} currency={order.currency} />
                </td>
                <td>
                  <Status kind="order" status={order.status} />
                </td>
                <td>
                  <When iso={order.created_at} />
                </td>
              </tr>
            ))}
          />
          <UserPayments payments={user.payments} />
          <UserReferrals referrals={user.referrals} />
          <h2 className={styles.subtitle}>
            <FormattedMessage id="staff.ledger" />
          </h2>
          <LedgerTable rows={user.ledger} />
        </div>
      )}
    </StaffFrame>
  );
}
