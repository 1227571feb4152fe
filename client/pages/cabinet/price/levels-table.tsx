import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { skeletonBar } from '#client/components/skeleton/skeleton.ts';
import { formatMoney } from '#client/lib/money.ts';
import type { LevelView, PremiumStatuses } from '#shared/ledger.ts';
import type { DiscountGroup } from '#shared/pricing.ts';
import styles from './price.module.css';

/** The order of the percent rows: the groups people buy most first; 'basic' is the rest. */
const GROUPS: DiscountGroup[] = [
  'likes',
  'views',
  'followers',
  'comments',
  'autoLikes',
  'autoViews',
  'basic',
];

/**
 * The levels side by side (a column each, the user's own marked) with the threshold, the
 * percent per group and the personal manager as rows: five narrow columns fit a laptop.
 */
export function LevelsTable({ statuses }: { statuses: PremiumStatuses | null }) {
  const intl = useIntl();
  const row = (label: ReactNode, cell: (level: LevelView) => ReactNode, key: string) => (
    <tr key={key}>
      <th scope="row">{label}</th>
      {statuses?.levels.map((level) => (
        <td
          key={level.level}
          className={`${styles.number} ${level.level === statuses.current ? styles.own : ''}`}
        >
          {cell(level)}
        </td>
      ))}
    </tr>
  );
  return (
    <section aria-labelledby="levels-title" className={styles.section}>
      <h2 id="levels-title" className={styles.subtitle}>
        <FormattedMessage id="cp.price.levels" />
      </h2>
      <p className={styles.hint}>
        <FormattedMessage id="cp.price.levelsHint" />
      </p>
      {/* wider than a phone: the box scrolls sideways, so it takes the focus (arrow keys
          scroll it, WCAG 2.1.1) and is named; not while the skeleton stands in its place */}
      <div
        className={styles.scroll}
        data-testid="levels-table"
        {...(statuses && {
          role: 'region',
          tabIndex: 0,
          'aria-label': intl.formatMessage({ id: 'cp.price.levelsTable' }),
        })}
      >
        {statuses ? (
          <table className={`${styles.table} ${styles.levels}`}>
            <thead>
              <tr>
                <td />
                {statuses.levels.map((level) => {
                  const own = level.level === statuses.current;
                  return (
                    <th
                      key={level.level}
                      scope="col"
                      className={`${styles.number} ${own ? styles.own : ''}`}
                      aria-current={own ? 'true' : undefined}
                      data-level={level.level}
                    >
                      <FormattedMessage id="cp.level" values={{ level: level.level }} />
                      {own && (
                        <span className={styles.yours}>
                          <FormattedMessage id="cp.price.yours" />
                        </span>
                      )}
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {row(
                <FormattedMessage id="cp.price.column.from" />,
                (level) => formatMoney(intl, level.from, statuses.currency),
                'from',
              )}
              {GROUPS.map((group) =>
                row(
                  <FormattedMessage id={`cp.price.group.${group}`} />,
                  (level) => intl.formatNumber(level.percent[group] / 100, { style: 'percent' }),
                  group,
                ),
              )}
              {row(
                <FormattedMessage id="cp.price.column.manager" />,
                (level) =>
                  level.personalManager ? <FormattedMessage id="cp.price.managerYes" /> : '—',
                'manager',
              )}
            </tbody>
          </table>
        ) : (
          <div className={styles.levelsSkeleton} aria-busy="true">
            {[0, 1, 2, 3, 4, 5, 6, 7, 8].map((line) => (
              <span key={line} className={skeletonBar()} />
            ))}
          </div>
        )}
      </div>
    </section>
  );
}
