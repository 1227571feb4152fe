import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '../../../components/link/link.tsx';
import { useStaffSession } from '../../../features/staff/staff-session.tsx';
import { useLocalePath } from '../../../lib/locale.ts';
import styles from '../staff.module.css';
import { STAFF_SECTIONS, StaffFrame } from '../staff-frame.tsx';

/** /staff/: the sections the role opens (a proxy account opens none). */
export function StaffHomePage() {
  const intl = useIntl();
  const to = useLocalePath();
  const { me } = useStaffSession();
  const sections = STAFF_SECTIONS.filter((section) =>
    me?.capabilities.includes(section.capability),
  );
  return (
    <StaffFrame title={intl.formatMessage({ id: 'staff.home.title' })}>
      {sections.length ? (
        <ul className={styles.sections} data-testid="staff-sections">
          {sections.map((section) => (
            <li key={section.page}>
              <Link to={to(section.page)}>
                <strong>
                  <FormattedMessage id={section.titleId} />
                </strong>
                <span>
                  <FormattedMessage id={`${section.titleId.replace('.title', '.lead')}`} />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.notice}>
          <FormattedMessage id="staff.home.nothing" />
        </p>
      )}
    </StaffFrame>
  );
}
