import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import type { Platform } from '../../../shared/platforms.ts';
import { servicePagesOf } from '../../../shared/service-pages.ts';
import { Icon } from '../../components/icons/icons.tsx';
import { PlatformIcon } from '../../components/icons/platform-icon.tsx';
import { useLocalePath } from '../../lib/use-locale-path.ts';
import styles from './landing.module.css';

/** The hero card: a platform's first services (the order form takes this place later). */
export function PopularServices({ platform, except }: { platform: Platform; except?: string }) {
  const to = useLocalePath();
  const services = servicePagesOf(platform)
    .filter((service) => service.id !== except)
    .slice(0, 4);
  return (
    <aside className={styles.heroCard} aria-labelledby="popular-heading">
      <h2 id="popular-heading" className={styles.heroCardTitle}>
        <FormattedMessage id="landing.popular" />
      </h2>
      <ul className={styles.popular}>
        {services.map((service) => (
          <li key={service.id}>
            <Link
              to={to(`service:${service.id}`)}
              className={styles.popularLink}
              data-platform={platform}
            >
              <span className={styles.serviceIcon}>
                <PlatformIcon platform={platform} size={20} />
              </span>
              <span>
                <FormattedMessage id={`service.${service.id}.name`} />
              </span>
              <Icon name="arrowRight" size={18} />
            </Link>
          </li>
        ))}
      </ul>
    </aside>
  );
}
