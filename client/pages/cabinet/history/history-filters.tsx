import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import { chip } from '#client/components/chip/chip.ts';
import { LEDGER_GROUPS, type LedgerGroup } from '#shared/ledger.ts';
import styles from './history.module.css';
import type { HistoryFilter } from './history-query.ts';

/** Group chips (several at once, none means all) and a range of days, both ends included. */
export function HistoryFilters({
  filter,
  onChange,
}: {
  filter: HistoryFilter;
  onChange: (next: Partial<HistoryFilter>) => void;
}) {
  const ids = useId();
  const toggle = (group: LedgerGroup) =>
    onChange({
      groups: filter.groups.includes(group)
        ? filter.groups.filter((entry) => entry !== group)
        : [...filter.groups, group],
    });
  return (
    <section className={styles.filters} aria-labelledby={`${ids}-filters`}>
      <h2 id={`${ids}-filters`} className="visually-hidden">
        <FormattedMessage id="cp.history.filters" />
      </h2>
      <div className={styles.chips} data-testid="history-groups">
        <button
          type="button"
          className={chip}
          aria-pressed={filter.groups.length === 0}
          onClick={() => onChange({ groups: [] })}
        >
          <FormattedMessage id="cp.history.group.all" />
        </button>
        {LEDGER_GROUPS.map((group) => (
          <button
            key={group}
            type="button"
            className={chip}
            aria-pressed={filter.groups.includes(group)}
            data-group={group}
            onClick={() => toggle(group)}
          >
            <FormattedMessage id={`cp.history.group.${group}`} />
          </button>
        ))}
      </div>
      <div className={styles.dates}>
        <label className={styles.date}>
          <span>
            <FormattedMessage id="cp.history.from" />
          </span>
          <input
            type="date"
            value={filter.from}
            max={filter.to || undefined}
            onChange={(event) => onChange({ from: event.target.value })}
          />
        </label>
        <label className={styles.date}>
          <span>
            <FormattedMessage id="cp.history.to" />
          </span>
          <input
            type="date"
            value={filter.to}
            min={filter.from || undefined}
            onChange={(event) => onChange({ to: event.target.value })}
          />
        </label>
      </div>
    </section>
  );
}
