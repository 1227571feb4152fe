import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { DELIVERY_CAPS, launchTimesOf, type Platform } from '#shared/platforms.ts';
import { servicePagesOf } from '#shared/service-pages.ts';
import { Icon, type IconName } from '../../components/icons/icons.tsx';
import { JsonLd } from '../../components/json-ld/json-ld.tsx';
import styles from './landing.module.css';

/** Launch times after payment (docs/product.md §1), of the platform's own services only. */
export function LaunchTimes({ platform }: { platform: Platform }) {
  return (
    <section className={styles.section} id="launch">
      <h2 className={styles.h2}>
        <FormattedMessage id="launch.heading" />
      </h2>
      <ul className={styles.factGrid}>
        {launchTimesOf(platform).map((item) => (
          <li key={item.key} className={styles.fact}>
            <span className={styles.factIcon}>
              <Icon name="clock" />
            </span>
            <span className={styles.factLabel}>
              <FormattedMessage id={item.key} />
            </span>
            <strong className={styles.factValue}>
              {item.unit === 'hour' ? (
                <FormattedMessage id="launch.withinHours" values={{ hours: item.to }} />
              ) : (
                <FormattedMessage id="launch.minutes" values={{ from: item.from, to: item.to }} />
              )}
            </strong>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Per-day (or per-hour) delivery caps of the platform (docs/product.md §13). */
export function DeliveryCaps({ platform }: { platform: Platform }) {
  const caps = DELIVERY_CAPS[platform];
  if (!caps.length) return null;
  return (
    <section className={styles.section} id="speed">
      <h2 className={styles.h2}>
        <FormattedMessage id="caps.heading" />
      </h2>
      <p className={styles.sectionLead}>
        <FormattedMessage id="caps.lead" />
      </p>
      <ul className={styles.factGrid}>
        {caps.map((cap) => (
          <li key={cap.key} className={styles.fact}>
            <span className={styles.factIcon}>
              <Icon name="chart" />
            </span>
            <span className={styles.factLabel}>
              <FormattedMessage id={cap.key} />
            </span>
            <strong className={styles.factValue}>
              {cap.min !== undefined ? (
                <FormattedMessage
                  id="caps.perHourRange"
                  values={{
                    min: <FormattedNumber value={cap.min} />,
                    max: <FormattedNumber value={cap.max} />,
                  }}
                />
              ) : (
                <FormattedMessage
                  id="caps.perDayUpTo"
                  values={{ max: <FormattedNumber value={cap.max} /> }}
                />
              )}
            </strong>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The hours a platform's orders start within, when its start is told in hours (YouTube's 24)
 * rather than in minutes: the hero's badge and the fast start card say that one figure then.
 */
export function startHoursOf(platform: Platform): number | null {
  const first = launchTimesOf(platform)[0];
  return first?.unit === 'hour' ? first.to : null;
}

/** The rules the site's copy states; the auto orders' one where the platform has them. */
export function GoodToKnow({ platform }: { platform: Platform }) {
  const auto = servicePagesOf(platform).some((page) => page.kind.startsWith('auto-'));
  const rules = [
    'rules.public',
    'rules.loginChange',
    ...(auto ? ['rules.autoPost'] : []),
    'copy.anyCountry',
  ];
  return (
    <section className={styles.section}>
      <h2 className={styles.h2}>
        <FormattedMessage id="rules.heading" />
      </h2>
      <ul className={styles.rules}>
        {rules.map((id) => (
          <li key={id}>
            <Icon name="check" />
            <FormattedMessage id={id} />
          </li>
        ))}
      </ul>
    </section>
  );
}

const ADVANTAGES: { id: string; icon: IconName }[] = [
  { id: 'fast', icon: 'bolt' },
  { id: 'safe', icon: 'lock' },
  { id: 'guarantee', icon: 'shield' },
  { id: 'anyCountry', icon: 'globeCheck' },
  { id: 'support', icon: 'support' },
  { id: 'gradual', icon: 'chart' },
];

export function Advantages({ platform }: { platform: Platform }) {
  const hours = startHoursOf(platform);
  return (
    <section className={styles.section}>
      <h2 className={styles.h2}>
        <FormattedMessage id="advantages.heading" />
      </h2>
      <ul className={styles.cards}>
        {ADVANTAGES.map(({ id, icon }) => (
          <li key={id} className={styles.advantage}>
            <span className={styles.advantageIcon}>
              <Icon name={icon} size={22} />
            </span>
            <h3>
              <FormattedMessage id={`advantages.${id}.title`} />
            </h3>
            <p>
              {id === 'fast' && hours !== null ? (
                <FormattedMessage id="advantages.fast.textWithinHours" values={{ hours }} />
              ) : (
                <FormattedMessage id={`advantages.${id}.text`} />
              )}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

const FAQ = ['payment', 'password', 'safe', 'start'];

/** The general questions; a service page puts its own first, under its own heading. */
export function Faq({
  platform,
  heading,
  first = [],
}: {
  platform: Platform;
  heading?: string;
  first?: { q: string; a: string }[];
}) {
  const intl = useIntl();
  // "when does it start" is answered with the platform's own start times
  const startAnswer = launchTimesOf(platform)
    .map(
      (item) =>
        `${intl.formatMessage({ id: item.key })}: ${
          item.unit === 'hour'
            ? intl.formatMessage({ id: 'launch.withinHours' }, { hours: item.to })
            : intl.formatMessage({ id: 'launch.minutes' }, { from: item.from, to: item.to })
        }`,
    )
    .join('; ');
  const asked = new Set(first.map((item) => item.q.trim().toLowerCase()));
  // a question the page's own list already asks is not asked twice
  const general = FAQ.map((id) => ({
    id,
    q: intl.formatMessage({ id: `faq.${id}.q` }),
    a: id === 'start' ? `${startAnswer}.` : intl.formatMessage({ id: `faq.${id}.a` }),
  })).filter((item) => !asked.has(item.q.trim().toLowerCase()));
  const questions = [...first, ...general];
  return (
    <section className={styles.section} id="faq">
      <JsonLd
        data={{
          '@type': 'FAQPage',
          mainEntity: questions.map((item) => ({
            '@type': 'Question',
            name: item.q,
            acceptedAnswer: { '@type': 'Answer', text: item.a },
          })),
        }}
      />
      <h2 className={styles.h2}>{heading ?? <FormattedMessage id="faq.heading" />}</h2>
      <div className={styles.faq}>
        {first.map((item) => (
          <details key={item.q} className={styles.faqItem}>
            <summary>{item.q}</summary>
            <p>{item.a}</p>
          </details>
        ))}
        {general.map((item) => (
          <details key={item.id} className={styles.faqItem}>
            <summary>{item.q}</summary>
            <p>{item.a}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
