import type { ReactNode } from 'react';
import { FormattedMessage, FormattedNumber, type IntlShape, useIntl } from 'react-intl';
import { type ServiceFigures as Figures, hasFigures } from '#shared/catalog.ts';
import { LAUNCH_TIMES, type Platform } from '#shared/platforms.ts';
import { launchOf, type Speed, speedOf } from '#shared/service-facts.ts';
import { formatMinutes, formatShare } from '../../lib/durations.ts';
import styles from './service-figures.module.css';

/** The figures measured that the service has, each as a line of the block. */
function figureLines(intl: IntlShape, measured: Figures) {
  const lines: { key: string; text: ReactNode }[] = [];
  if (measured.start_median_min != null)
    lines.push({
      key: 'start',
      text: (
        <FormattedMessage
          id="figures.start"
          values={{ time: formatMinutes(intl, measured.start_median_min) }}
        />
      ),
    });
  if (measured.speed_p90_min_per_1000 != null)
    lines.push({
      key: 'speed',
      text: (
        <FormattedMessage
          id="figures.speed"
          values={{
            units: intl.formatNumber(1000),
            time: formatMinutes(intl, measured.speed_p90_min_per_1000),
          }}
        />
      ),
    });
  if (measured.completion_rate != null)
    lines.push({
      key: 'completed',
      text: (
        <FormattedMessage
          id="figures.completed"
          values={{ share: formatShare(intl, measured.completion_rate) }}
        />
      ),
    });
  if (measured.refill_rate_30d != null)
    lines.push({
      key: 'refills',
      text: (
        <FormattedMessage
          id="figures.refills"
          values={{ share: formatShare(intl, measured.refill_rate_30d) }}
        />
      ),
    });
  return lines;
}

/** What the catalogue promises for the service's kind: its start and its speed. */
function PromiseCard({
  launch,
  speed,
}: {
  launch: (typeof LAUNCH_TIMES)[number] | undefined;
  speed: Speed | null;
}) {
  return (
    <div className={styles.card} data-testid="service-figures-promise">
      <h3 className={styles.title}>
        <FormattedMessage id="figures.promise" />
      </h3>
      <dl className={styles.promise}>
        {launch && (
          <div>
            <dt>
              <FormattedMessage id="figures.promiseStart" />
            </dt>
            <dd>
              {launch.unit === 'hour' ? (
                <FormattedMessage id="launch.withinHours" values={{ hours: launch.to }} />
              ) : (
                <FormattedMessage
                  id="launch.minutes"
                  values={{ from: launch.from, to: launch.to }}
                />
              )}
            </dd>
          </div>
        )}
        {speed && (
          <div>
            <dt>
              <FormattedMessage id="figures.promiseSpeed" />
            </dt>
            <dd>
              {speed.min !== undefined ? (
                <FormattedMessage
                  id="caps.perHourRange"
                  values={{
                    min: <FormattedNumber value={speed.min} />,
                    max: <FormattedNumber value={speed.max} />,
                  }}
                />
              ) : (
                <FormattedMessage
                  id="caps.perDayUpTo"
                  values={{ max: <FormattedNumber value={speed.max} /> }}
                />
              )}
            </dd>
          </div>
        )}
      </dl>
    </div>
  );
}

/**
 * How the page's service really performed in this shop's orders of the last 30 days (the
 * worker's figures, docs/api.md), beside what the catalogue promises for its kind. Below 20
 * orders no figure is published: the block says so and the promise stands alone, named as
 * the catalogue's.
 */
export function ServiceFigures({
  platform,
  kind,
  stats,
}: {
  platform: Platform;
  kind: string;
  stats: Figures | undefined;
}) {
  const intl = useIntl();
  const launch = LAUNCH_TIMES.find((entry) => entry.key === `launch.${launchOf(platform, kind)}`);
  const speed = speedOf(platform, kind);
  const measured = hasFigures(stats) ? stats : null;
  const lines = measured ? figureLines(intl, measured) : [];
  return (
    <section
      className={styles.block}
      id="figures"
      aria-labelledby="service-figures-heading"
      data-testid="service-figures"
    >
      <h2 id="service-figures-heading" className={styles.heading}>
        <FormattedMessage id="figures.heading" />
      </h2>
      <div className={styles.columns}>
        <div className={styles.card} data-testid="service-figures-measured">
          <h3 className={styles.title}>
            <FormattedMessage id="figures.measured" />
          </h3>
          {measured ? (
            <>
              <ul className={styles.lines}>
                {lines.map((line) => (
                  <li key={line.key} data-figure={line.key}>
                    {line.text}
                  </li>
                ))}
              </ul>
              <p className={styles.source}>
                <FormattedMessage id="figures.from" values={{ count: measured.orders_30d }} />
              </p>
            </>
          ) : (
            <>
              <p className={styles.none}>
                <FormattedMessage id="figures.notEnough" />
              </p>
              <p className={styles.source}>
                <FormattedMessage
                  id="figures.notEnoughNote"
                  values={{ count: stats?.orders_30d ?? 0, least: 20 }}
                />
              </p>
            </>
          )}
        </div>
        {(launch || speed) && <PromiseCard launch={launch} speed={speed} />}
      </div>
    </section>
  );
}
