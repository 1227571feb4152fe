import { type ReactNode, useEffect, useRef, useState } from 'react';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import { isLocale } from '#shared/locales.ts';
import { messageSetLocale } from '#shared/message-sets.ts';
import { isCurrency } from '#shared/regions.ts';
import type { StaffOrderDetail, StaffServiceNames } from '#shared/staff.ts';
import { button } from '../../components/button/button.ts';
import { formatDate } from '../../lib/dates.ts';
import { messageOr } from '../../lib/intl.ts';
import { formatMoney } from '../../lib/money.ts';
import styles from './staff.module.css';
import { noteText } from './staff-notes.ts';

/** Minor units of a currency as money (client/lib/money.ts); an unknown code as a number. */
export function Money({ minor, currency }: { minor: number; currency: string }) {
  const intl = useIntl();
  return (
    <>
      {isCurrency(currency)
        ? formatMoney(intl, minor, currency)
        : `${intl.formatNumber(minor / 100)} ${currency}`}
    </>
  );
}

/** A date as the site writes it (client/lib/dates.ts), the exact time on hover. */
export function When({ iso }: { iso: string | null }) {
  const intl = useIntl();
  if (!iso) return <>—</>;
  return (
    <time dateTime={iso} title={iso.replace('T', ' ').slice(0, 19)}>
      {formatDate(intl, iso)}
    </time>
  );
}

/** The console's language (its messages are Russian or English: shared/message-sets.ts). */
export function useConsoleLang(): 'ru' | 'en' {
  const { locale } = useIntl();
  return isLocale(locale) && messageSetLocale('staff', locale) === 'ru' ? 'ru' : 'en';
}

/** A service's tag, and under it its name in the console's language where the catalogue has one. */
export function ServiceTag({ tag, names }: { tag: string; names?: StaffServiceNames }) {
  const name = names?.[useConsoleLang()];
  return (
    <span className={styles.service}>
      <span>{tag}</span>
      {name && <span className={styles.serviceName}>{name}</span>}
    </span>
  );
}

/** What a status belongs to: the same code reads differently (an order PAID, a payout PAID). */
export type StatusKind = 'order' | 'payment' | 'withdrawal' | 'adjustment';

/** A status in the console's language (an unknown one as its code). */
export const statusText = (intl: IntlShape, kind: StatusKind, status: string): string =>
  messageOr(intl, `staff.status.${kind}.${status}`, status);

/** A status as a chip, in words; its code stays in `data-status`. */
export function Status({ status, kind }: { status: string; kind: StatusKind }) {
  const intl = useIntl();
  return (
    <span className={styles.status} data-status={status}>
      {statusText(intl, kind, status)}
    </span>
  );
}

/** A code the console has words for (`staff.<group>.<code>`), else the code as it is. */
export const wordOf = (intl: IntlShape, group: string, code: string): string =>
  messageOr(intl, `staff.${group}.${code}`, code);

/** A platform's name and a service type's word, as the storefront says them (else the code). */
export const platformWord = (intl: IntlShape, platform: string): string =>
  messageOr(intl, `platform.${platform}`, platform);
export const typeWord = (intl: IntlShape, type: string): string =>
  messageOr(intl, `order.type.${type}`, type);

/** A list's status tabs (a withdrawal's, an adjustment's): each says `<prefix>.<status>`. */
export function StatusTabs<S extends string>({
  statuses,
  current,
  prefix,
  onChoose,
}: {
  statuses: readonly S[];
  current: S;
  prefix: string;
  onChoose: (status: S) => void;
}) {
  return (
    <div className={styles.tabs} role="tablist">
      {statuses.map((one) => (
        <button
          key={one}
          type="button"
          role="tab"
          aria-selected={current === one}
          className={styles.tab}
          onClick={() => onChoose(one)}
        >
          <FormattedMessage id={`${prefix}.${one}`} />
        </button>
      ))}
    </div>
  );
}

/**
 * A decision's two buttons (yes, in the brand's colour; no, as a danger) and what failed,
 * for a row that waits on staff (a withdrawal, an adjustment).
 */
export function DecideButtons({
  yes,
  no,
  busy,
  failure,
  onDecide,
}: {
  /** message ids of the two buttons */
  yes: string;
  no: string;
  busy: boolean;
  failure: string | null;
  onDecide: (yes: boolean) => void;
}) {
  return (
    <>
      <button
        type="button"
        className={button('primary')}
        disabled={busy}
        onClick={() => onDecide(true)}
      >
        <FormattedMessage id={yes} />
      </button>
      <button
        type="button"
        className={`${button('secondary')} ${styles.danger}`}
        disabled={busy}
        onClick={() => onDecide(false)}
      >
        <FormattedMessage id={no} />
      </button>
      {failure && (
        <span role="alert" className={styles.fieldError}>
          {failure}
        </span>
      )}
    </>
  );
}

/** Label/value pairs of a record's page. */
export function Facts({ items }: { items: [string, ReactNode][] }) {
  const intl = useIntl();
  return (
    <dl className={styles.facts}>
      {items.map(([id, value]) => (
        <div key={id}>
          <dt>{intl.formatMessage({ id })}</dt>
          <dd>{value ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Whether the box is wider inside than it shows (it scrolls sideways), as its size changes. */
function useScrollsSideways() {
  const box = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, []);
  return { box, scrolls };
}

/**
 * A table in a box of its own that scrolls sideways; `empty` when there are no rows. While it
 * scrolls, the box takes the focus (WCAG 2.1.1: the arrow keys scroll a table without links)
 * and is a region named by its columns; a table that fits is no tab stop.
 */
export function Table({
  head,
  rows,
  testId,
}: {
  head: string[];
  rows: ReactNode[];
  testId?: string;
}) {
  const intl = useIntl();
  const { box, scrolls } = useScrollsSideways();
  const columns = head.map((id) => intl.formatMessage({ id })).join(', ');
  return (
    <div
      ref={box}
      className={styles.tableBox}
      {...(scrolls && {
        role: 'region',
        tabIndex: 0,
        'aria-label': intl.formatMessage({ id: 'staff.table' }, { columns }),
      })}
    >
      <table className={styles.table} data-testid={testId}>
        <thead>
          <tr>
            {head.map((id) => (
              <th key={id} scope="col">
                {intl.formatMessage({ id })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length ? (
            rows
          ) : (
            <tr>
              <td colSpan={head.length} className={styles.empty}>
                <FormattedMessage id="staff.empty" />
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

/** Previous / next over a list's pages, with where we are. */
export function Pages({
  meta,
  onPage,
}: {
  meta: { total: number; page: number; limit: number } | undefined;
  onPage: (page: number) => void;
}) {
  if (!meta) return null;
  const pages = Math.max(1, Math.ceil(meta.total / meta.limit));
  return (
    <div className={styles.pager}>
      <button
        type="button"
        className={styles.pageButton}
        disabled={meta.page <= 1}
        onClick={() => onPage(meta.page - 1)}
      >
        <FormattedMessage id="staff.previous" />
      </button>
      <span>
        <FormattedMessage
          id="staff.pageOf"
          values={{ page: meta.page, pages, total: meta.total }}
        />
      </span>
      <button
        type="button"
        className={styles.pageButton}
        disabled={meta.page >= pages}
        onClick={() => onPage(meta.page + 1)}
      >
        <FormattedMessage id="staff.next" />
      </button>
    </div>
  );
}

/** What a failed list says, with the server's message. */
export function Failure({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <p role="alert" className={styles.alert}>
      {message}{' '}
      {onRetry && (
        <button type="button" className={styles.pageButton} onClick={onRetry}>
          <FormattedMessage id="staff.retry" />
        </button>
      )}
    </p>
  );
}

/** A provider's failed calls over its calls in 24 h, and their share, as two cells. */
export function ErrorRateCells({
  provider,
}: {
  provider: { errors_24h: number; calls_24h: number; error_rate: number | null };
}) {
  const intl = useIntl();
  return (
    <>
      <td className={styles.num}>
        {provider.errors_24h} / {provider.calls_24h}
      </td>
      <td className={styles.num}>
        {provider.error_rate === null
          ? '—'
          : intl.formatNumber(provider.error_rate, { style: 'percent', maximumFractionDigits: 1 })}
      </td>
    </>
  );
}

/** JSON of an audit row's before/after, short. */
export const compactJson = (value: unknown): string =>
  value === null || value === undefined ? '—' : JSON.stringify(value);

/** Ledger rows: time, group, signed amount, note. */
export function LedgerTable({ rows }: { rows: StaffOrderDetail['ledger'] }) {
  const intl = useIntl();
  return (
    <Table
      head={['staff.time', 'staff.ledger.group', 'staff.ledger.amount', 'staff.order.note']}
      testId="staff-ledger"
      rows={rows.map((row) => (
        <tr key={row.id}>
          <td>
            <When iso={row.created_at} />
          </td>
          <td>{wordOf(intl, 'ledgerGroup', row.group)}</td>
          <td className={styles.num}>
            <Money minor={row.amount} currency={row.currency} />
          </td>
          <td className={styles.note}>{noteText(intl, row.note)}</td>
        </tr>
      ))}
    />
  );
}
