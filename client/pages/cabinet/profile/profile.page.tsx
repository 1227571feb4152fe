import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSelector } from 'react-redux';
import { formStyles } from '../../../components/form/text-field.tsx';
import { selectUser } from '../../../features/session/session.slice.ts';
import { HeadingPage } from '../../../layouts/parts/heading-page.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { useLocalePath } from '../../../lib/locale.ts';
import { AccountCard } from './account-card.tsx';
import { DeleteCard } from './delete-card.tsx';
import { PasswordCard } from './password-card.tsx';
import { PreferencesCard } from './preferences-card.tsx';
import styles from './profile.module.css';

/**
 * /cp/profile/ (issue 12): login and e-mail, language and currency, password, and a request
 * to delete the account. The user comes from the store (the server's render), so the cards
 * render at once, without a loading state.
 */
export default function ProfilePage() {
  const intl = useIntl();
  const to = useLocalePath();
  const user = useSelector(selectUser);
  const [requestedAt, setRequestedAt] = useState<string | null>(null);
  return (
    <HeadingPage titleId="cp.profile.title" leadId="cp.profile.lead" noindex>
      {requestedAt ? (
        <div className={`${formStyles.notice} ${styles.done}`} role="status">
          <p>
            <FormattedMessage
              id="cp.profile.delete.done"
              values={{ date: formatDate(intl, requestedAt) }}
            />
          </p>
          <p>
            <a href={to('home')}>
              <FormattedMessage id="cp.profile.delete.home" />
            </a>
          </p>
        </div>
      ) : (
        user && (
          <div className={styles.cards}>
            <AccountCard user={user} />
            <PreferencesCard user={user} />
            <PasswordCard />
            <DeleteCard user={user} onRequested={setRequestedAt} />
          </div>
        )
      )}
    </HeadingPage>
  );
}
