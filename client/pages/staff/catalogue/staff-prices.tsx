import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { button } from '#client/components/button/button.ts';
import { focusFirstInvalid } from '#client/components/form/focus-first-invalid.ts';
import { errorOf, staffErrorText } from '#client/features/staff/staff-errors.ts';
import { useStaffSession } from '#client/features/staff/staff-session.tsx';
import { useStaffScreen, useStaffWrite } from '#client/features/staff/use-staff-route.ts';
import { useLocalePath } from '#client/lib/locale.ts';
import type { Currency } from '#shared/regions.ts';
import type { StaffTierSet } from '#shared/staff-catalogue.ts';
import styles from '../staff.module.css';
import { useConfirm } from '../staff-confirm.tsx';
import { invalidProps, useFieldIds } from '../staff-fields.tsx';
import { StaffFrame } from '../staff-frame.tsx';
import { Facts, Failure, wordOf } from '../staff-parts.tsx';
import type { StaffScreenData } from '../staff-reads.ts';
import { microOf, per1000MajorOf, type Row, TierFigures, TierTable } from './staff-tier-table.tsx';

const rowsOf = (set: StaffTierSet): Row[] =>
  set.tiers.map((tier) => ({ from: String(tier.from), price: per1000MajorOf(tier.micro) }));

/** Which cells of each row break the rules, and the message that says so (its id), if any. */
export function tierProblems(rows: Row[]): {
  cells: { from: boolean; price: boolean }[];
  messageId: string | null;
} {
  const froms = rows.map((row) => Number(row.from));
  const cells = rows.map((row, index) => ({
    from: !row.from.trim() || !Number.isInteger(froms[index]) || froms[index]! < 1,
    price: microOf(row.price) === null,
  }));
  if (cells.some((cell) => cell.from || cell.price))
    return { cells, messageId: 'staff.prices.invalid' };
  // the server's rule, said before the call: each start above the one before
  const order = rows.map((_, index) => ({
    from: index > 0 && froms[index]! <= froms[index - 1]!,
    price: false,
  }));
  return order.some((cell) => cell.from)
    ? { cells: order, messageId: 'staff.err.ascending' }
    : { cells, messageId: null };
}

/** One client's and currency's tiers: editable rows, the markup over the provider's rate. */
function TierSet({ tag, set, onSaved }: { tag: string; set: StaffTierSet; onSaved: () => void }) {
  const intl = useIntl();
  const [confirm, confirmDialog] = useConfirm();
  // the rows follow the tiers as the page reads them again (after a save)
  const stored = set.tiers.map((tier) => `${tier.from}:${tier.micro}`).join();
  const [draft, setDraft] = useState(() => ({ of: stored, rows: rowsOf(set) }));
  if (draft.of !== stored) setDraft({ of: stored, rows: rowsOf(set) });
  const { rows } = draft;
  const setRows = (next: Row[]) => setDraft((known) => ({ ...known, rows: next }));
  // after a refused save the cells at fault stay marked as they are corrected
  const [tried, setTried] = useState(false);
  const box = useRef<HTMLElement>(null);
  // a 400 naming the tiers marks them (every cell is then at fault), the first takes the focus
  const save = useStaffWrite('PUT staff/prices/:tag', {
    done: onSaved,
    failed: () => focusFirstInvalid(box.current),
  });
  const refused = save.error;
  const failure = refused
    ? { text: errorOf(refused, 'tiers'), tiers: Boolean(refused.fields.tiers) }
    : null;
  const idOf = useFieldIds();
  const local = tried ? tierProblems(rows) : null;
  const message = local?.messageId ? intl.formatMessage({ id: local.messageId }) : failure?.text;
  const cellOf = (index: number, cell: 'from' | 'price') =>
    invalidProps(
      idOf('tiers'),
      (local?.messageId ? local.cells[index]?.[cell] : failure?.tiers) ? message : null,
    );
  const markupOf = (price: string) => {
    const micro = microOf(price);
    if (micro === null || !set.provider_per1000) return '—';
    return `×${intl.formatNumber(micro / 1000 / set.provider_per1000, { maximumFractionDigits: 2 })}`;
  };
  const changed =
    rows.map((row) => `${row.from}:${microOf(row.price)}`).join() !==
    set.tiers.map((tier) => `${tier.from}:${tier.micro}`).join();

  const send = async () => {
    const tiers = rows.map((row) => ({ from: Number(row.from), micro: microOf(row.price) }));
    if (tierProblems(rows).messageId) {
      // the first cell at fault takes the focus (focus-first-invalid.ts)
      focusFirstInvalid(box.current, () => setTried(true));
      return;
    }
    const summary = tiers
      .map((tier) => `${tier.from}+: ${per1000MajorOf(tier.micro!)} ${set.currency}`)
      .join('; ');
    if (
      !(await confirm(
        intl.formatMessage(
          { id: 'staff.prices.confirm' },
          {
            tag,
            client: wordOf(intl, 'client', set.client),
            currency: set.currency,
            tiers: summary,
          },
        ),
      ))
    )
      return;
    void save.submit({
      params: { tag },
      body: {
        client: set.client,
        currency: set.currency as Currency,
        tiers: tiers.map((tier) => ({ from: tier.from, micro: tier.micro! })),
      },
    });
  };

  const testId = `staff-tiers-${set.client}-${set.currency}`;
  return (
    <section ref={box} className={styles.card} data-testid={testId}>
      <h2 className={styles.subtitle}>
        {wordOf(intl, 'client', set.client)} · {set.currency}
      </h2>
      <TierFigures set={set} testId={testId} />
      <TierTable
        rows={rows}
        currency={set.currency}
        cellOf={cellOf}
        markupOf={markupOf}
        onChange={setRows}
      />
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.pageButton}
          onClick={() => setRows([...rows, { from: '', price: rows.at(-1)?.price ?? '' }])}
          disabled={rows.length >= 50}
        >
          <FormattedMessage id="staff.prices.add" />
        </button>
        <button
          type="button"
          className={button('primary')}
          disabled={save.pending || !changed}
          onClick={send}
        >
          <FormattedMessage id="staff.prices.save" />
        </button>
      </div>
      {message && (
        <p id={`${idOf('tiers')}-error`} role="alert" className={styles.alert}>
          {message}
        </p>
      )}
      {confirmDialog}
    </section>
  );
}

/** /staff/prices/:tag/: a service's tiers per client and currency beside the provider's rate. */
export function StaffPricesPage() {
  const intl = useIntl();
  const to = useLocalePath();
  const { me } = useStaffSession();
  const { tag = '' } = useParams();
  const { data: prices, loading, error, retry } = useStaffScreen<StaffScreenData<'staff-price'>>();
  const [saved, setSaved] = useState<string | null>(null);

  return (
    <StaffFrame title={intl.formatMessage({ id: 'staff.prices.title' }, { tag })}>
      <p className={styles.links}>
        {me?.capabilities.includes('catalogue') && (
          <>
            <Link to={to('staff-services')}>
              ← {intl.formatMessage({ id: 'staff.services.title' })}
            </Link>
            <Link to={to('staff-service', { tag })}>
              <FormattedMessage id="staff.services.edit" />
            </Link>
          </>
        )}
      </p>
      {error && error.statusCode !== 401 && <Failure message={error.message} onRetry={retry} />}
      {!prices && loading && <p aria-busy="true">…</p>}
      {prices && (
        <div data-testid="staff-prices">
          <Facts
            items={[
              ['staff.services.provider', prices.provider.id],
              ['staff.service.provider_service', prices.provider.service],
              [
                'staff.prices.rate',
                prices.provider.rate
                  ? `${prices.provider.rate} ${prices.provider.currency ?? ''}`
                  : null,
              ],
              [
                'staff.prices.rateError',
                prices.provider.error && staffErrorText(intl, prices.provider.error),
              ],
            ]}
          />
          <p className={styles.notice}>
            <FormattedMessage id="staff.prices.unit" />
          </p>
          {saved && (
            <p role="status" className={styles.notice} data-testid="staff-prices-saved">
              <FormattedMessage id="staff.prices.saved" values={{ set: saved }} />
            </p>
          )}
          {prices.sets.map((set) => (
            <TierSet
              key={`${set.client}-${set.currency}`}
              tag={tag}
              set={set}
              onSaved={() => setSaved(`${wordOf(intl, 'client', set.client)} · ${set.currency}`)}
            />
          ))}
        </div>
      )}
    </StaffFrame>
  );
}
