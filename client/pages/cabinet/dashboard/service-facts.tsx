import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useFetcher } from 'react-router';
import type { Selection } from '#client/features/order-form/order-form.selection.ts';
import { lookUp } from '#client/lib/look-ups.ts';
import type { LinkKind } from '#shared/link-rules.ts';
import type { AverageTimeView } from '#shared/orders.ts';
import { LAUNCH_TIMES } from '#shared/platforms.ts';
import { launchOf, speedOf } from '#shared/service-facts.ts';
import styles from './service-facts.module.css';

/** Seconds as the largest whole units that matter: "2 h 15 min", "3 d 4 h", "12 min". */
function useDuration() {
  const intl = useIntl();
  return (seconds: number) => {
    const unit = (value: number, name: 'day' | 'hour' | 'minute') =>
      intl.formatNumber(value, { style: 'unit', unit: name, unitDisplay: 'short' });
    const minutes = Math.max(1, Math.round(seconds / 60));
    if (minutes < 60) return unit(minutes, 'minute');
    const hours = Math.floor(minutes / 60);
    if (hours < 48)
      return minutes % 60
        ? `${unit(hours, 'hour')} ${unit(minutes % 60, 'minute')}`
        : unit(hours, 'hour');
    const days = Math.floor(hours / 24);
    return hours % 24 ? `${unit(days, 'day')} ${unit(hours % 24, 'hour')}` : unit(days, 'day');
  };
}

/**
 * Beside the cabinet's order form: when the chosen service starts, how fast it runs, the
 * limits that apply to this user, what the link must be, and how long our own completed
 * orders of it took on average (GET c_orders/average_time).
 */
export function ServiceFacts({ selection }: { selection: Selection }) {
  const intl = useIntl();
  const duration = useDuration();
  const { service, limits } = selection;
  const tag = service?.tag ?? null;
  // the chosen service's average, looked up through the router (a newer tag cancels the last)
  const lookup = useFetcher<AverageTimeView>();
  const { load } = lookup;
  useEffect(() => {
    if (tag) load(lookUp('average', { tag }));
  }, [tag, load]);
  const average = lookup.data?.tag === tag ? lookup.data : null;
  if (!service) return <aside className={styles.facts} aria-busy="true" />;

  const launch = launchOf(service.platform, service.kind);
  const launchTime = LAUNCH_TIMES.find((entry) => entry.key === `launch.${launch}`);
  const speed = speedOf(service.platform, service.kind);
  const kinds = service.link_kinds as LinkKind[];
  const number = (value: number) => intl.formatNumber(value);
  return (
    <aside
      className={styles.facts}
      aria-labelledby="service-facts-heading"
      data-testid="service-facts"
    >
      <h2 id="service-facts-heading" className={styles.heading}>
        {service.name}
      </h2>
      <dl className={styles.list}>
        {launchTime && (
          <div>
            <dt>
              <FormattedMessage id="cp.facts.launch" />
            </dt>
            <dd>
              {launchTime.unit === 'hour' ? (
                <FormattedMessage id="launch.withinHours" values={{ hours: launchTime.to }} />
              ) : (
                <FormattedMessage
                  id="launch.minutes"
                  values={{ from: launchTime.from, to: launchTime.to }}
                />
              )}
            </dd>
          </div>
        )}
        {speed && (
          <div>
            <dt>
              <FormattedMessage id="cp.facts.speed" />
            </dt>
            <dd>
              <FormattedMessage
                id={`cp.facts.speed.${speed.per}`}
                values={{
                  range: speed.min
                    ? `${number(speed.min)}–${number(speed.max)}`
                    : number(speed.max),
                }}
              />
            </dd>
          </div>
        )}
        <div>
          <dt>
            <FormattedMessage id={selection.auto ? 'cp.facts.limitsPerPost' : 'cp.facts.limits'} />
          </dt>
          <dd data-testid="facts-limits">
            <FormattedMessage
              id="cp.facts.range"
              values={{ min: number(limits.min), max: number(limits.max) }}
            />
          </dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="cp.facts.link" />
          </dt>
          <dd>
            <FormattedMessage id={`order.link.${kinds.join('-') || 'any'}`} />
          </dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="cp.facts.average" />
          </dt>
          <dd data-testid="facts-average">
            {average === null ? (
              <span className={styles.skeleton} />
            ) : average.seconds === null ? (
              <FormattedMessage id="cp.facts.averageNone" />
            ) : (
              <FormattedMessage
                id="cp.facts.averageValue"
                values={{ time: duration(average.seconds), orders: average.orders }}
              />
            )}
          </dd>
        </div>
      </dl>
      <ul className={styles.rules}>
        <li>
          <FormattedMessage id="rules.public" />
        </li>
        <li>
          <FormattedMessage id="rules.loginChange" />
        </li>
        {selection.auto && (
          <li>
            <FormattedMessage id="rules.autoPost" />
          </li>
        )}
      </ul>
    </aside>
  );
}
