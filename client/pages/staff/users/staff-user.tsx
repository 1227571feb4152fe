import { type RefObject, useRef, useState } from 'react';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { button } from '#client/components/button/button.ts';
import { focusFirstInvalid } from '#client/components/form/focus-first-invalid.ts';
import { useStaffSession } from '#client/features/staff/staff-session.tsx';
import { useStaffScreen, useStaffWrite } from '#client/features/staff/use-staff-route.ts';
import { useLocalePath } from '#client/lib/locale.ts';
import type { StaffRolesBody } from '#shared/schemas/staff.schemas.ts';
import type { StaffUserDetail } from '#shared/staff.ts';
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
import type { StaffScreenData } from '../staff-reads.ts';
import { AdjustmentsTable } from './staff-adjustments.tsx';
import { BalanceForm } from './staff-user-balance.tsx';
import { ActionError, LevelSelect, RolesChecks } from './staff-user-fields.tsx';
import { UserPayments, UserReferrals } from './staff-user-money.tsx';

/** Roles (ROLE_ADMIN …) by their names in the console's language; the plain user role left out. */
const rolesText = (intl: IntlShape, roles: string[]) =>
  roles
    .filter((role) => role !== 'ROLE_USER')
    .map((role) => wordOf(intl, 'role', role.replace(/^ROLE_/, '').toLowerCase()))
    .join(', ') || '—';

type UserAction = 'level' | 'block' | 'logout' | 'roles';

const rolesOf = (user: StaffUserDetail) => user.roles.filter((role) => role !== 'ROLE_USER');

/**
 * The account's other actions: the discount level, block or unblock (confirmed), log out
 * everywhere (confirmed), and, for admins (`roles`), its staff roles. Each is a write of the
 * page's action, after which the page reads the account again.
 */
function UserActions({
  user,
  onDone,
}: {
  user: StaffUserDetail;
  onDone: (action: UserAction) => void;
}) {
  const intl = useIntl();
  const { me } = useStaffSession();
  const [confirm, confirmDialog] = useConfirm();
  // the choices follow the account as read again (a level or roles set)
  const shown = `${user.discount_level}-${rolesOf(user).join()}`;
  const [draft, setDraft] = useState({
    of: shown,
    level: String(user.discount_level),
    roles: rolesOf(user),
  });
  if (draft.of !== shown)
    setDraft({ of: shown, level: String(user.discount_level), roles: rolesOf(user) });
  const { level, roles } = draft;
  const levelForm = useRef<HTMLFormElement>(null);
  const rolesForm = useRef<HTMLFormElement>(null);
  /** a refusal is said under its form, whose field is marked and focused when named */
  const writeOf = (action: UserAction, form?: RefObject<HTMLFormElement | null>) => ({
    done: () => onDone(action),
    failed: () => focusFirstInvalid(form?.current),
  });
  const writes = {
    level: useStaffWrite('POST staff/users/:id/level', writeOf('level', levelForm)),
    block: useStaffWrite('POST staff/users/:id/block', writeOf('block')),
    logout: useStaffWrite('POST staff/users/:id/logout', writeOf('logout')),
    roles: useStaffWrite('POST staff/users/:id/roles', writeOf('roles', rolesForm)),
  };
  const busy = Object.values(writes).some((write) => write.pending);
  const params = { id: String(user.id) };
  const idOf = useFieldIds();
  const errorText = (action: UserAction) => {
    const refused = writes[action].error;
    return refused ? refused.fields[action] || refused.message : null;
  };
  /** The marks of a form's field while the server's refusal names it. */
  const fieldOf = (action: UserAction) =>
    invalidProps(idOf(action), writes[action].error?.fields[action] ? errorText(action) : null);
  const block = async () => {
    const blocked = !user.blocked;
    const ask = blocked ? 'staff.user.blockConfirm' : 'staff.user.unblockConfirm';
    if (!(await confirm(intl.formatMessage({ id: ask }, { who: user.login ?? user.email }))))
      return;
    void writes.block.submit({ params, body: { blocked } });
  };
  const logout = async () => {
    if (
      !(await confirm(
        intl.formatMessage({ id: 'staff.user.logoutConfirm' }, { who: user.login ?? user.email }),
      ))
    )
      return;
    void writes.logout.submit({ params });
  };
  const errorFor = (action: UserAction) => (
    <ActionError id={`${idOf(action)}-error`} text={errorText(action)} />
  );
  const toggleRole = (role: string, on: boolean) =>
    setDraft((known) => ({
      ...known,
      roles: on ? [...known.roles, role] : known.roles.filter((other) => other !== role),
    }));

  return (
    <div data-testid="staff-user-actions">
      <form
        ref={levelForm}
        className={styles.actions}
        onSubmit={(event) => {
          event.preventDefault();
          void writes.level.submit({ params, body: { level: Number(level) } });
        }}
      >
        <LevelSelect
          level={level}
          onChange={(next) => setDraft({ ...draft, level: next })}
          fieldProps={fieldOf('level')}
        />
        <button
          type="submit"
          className={button('secondary')}
          disabled={busy || level === String(user.discount_level)}
        >
          <FormattedMessage id="staff.user.setLevel" />
        </button>
        {errorFor('level')}
      </form>
      <div className={styles.actions}>
        <button
          type="button"
          className={`${button('secondary')} ${user.blocked ? '' : styles.danger}`}
          disabled={busy}
          onClick={block}
          data-testid="staff-user-block"
        >
          <FormattedMessage id={user.blocked ? 'staff.user.unblock' : 'staff.user.block'} />
        </button>
        <button type="button" className={button('secondary')} disabled={busy} onClick={logout}>
          <FormattedMessage id="staff.user.logout" />
        </button>
        {errorFor('block')}
        {errorFor('logout')}
      </div>
      {me?.capabilities.includes('roles') && (
        <form
          ref={rolesForm}
          className={styles.actions}
          data-testid="staff-user-roles"
          onSubmit={async (event) => {
            event.preventDefault();
            if (
              !(await confirm(
                intl.formatMessage(
                  { id: 'staff.user.rolesConfirm' },
                  { who: user.login ?? user.email, roles: rolesText(intl, roles) },
                ),
              ))
            )
              return;
            void writes.roles.submit({
              params,
              body: { roles: roles as StaffRolesBody['roles'] },
            });
          }}
        >
          <RolesChecks roles={roles} onToggle={toggleRole} fieldProps={fieldOf('roles')} />
          <button type="submit" className={button('secondary')} disabled={busy}>
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
  const { data: user, loading, error, retry } = useStaffScreen<StaffScreenData<'staff-user'>>();
  const [done, setDone] = useState<string | null>(null);

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
            onDone={(waiting) =>
              setDone(waiting ? 'staff.user.adjustWaiting' : 'staff.user.adjusted')
            }
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
          <UserActions user={user} onDone={(action) => setDone(`staff.user.done.${action}`)} />
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
