import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useDispatch, useSelector } from 'react-redux';
import { formStyles } from '#client/components/form/text-field.tsx';
import { selectUser, sessionEnded } from '#client/features/session/session.slice.ts';
import { HeadingPage } from '#client/layouts/parts/heading-page.tsx';
import { useLocalePath } from '#client/lib/locale.ts';
import { writeAction } from '#client/lib/route-write.ts';
import { AccountCard } from './account-card.tsx';
import { DeleteCard } from './delete-card.tsx';
import { PasswordCard } from './password-card.tsx';
import { PreferencesCard } from './preferences-card.tsx';
import styles from './profile.module.css';

/** The cards' writes (the session's user is updated from each answer). */
export const profileAction = writeAction(['PATCH user', 'POST user/password', 'POST user/delete'], {
  signedIn: true,
});

/**
 * /cp/profile/: login and e-mail, language and currency, password, and a request
 * to delete the account. The user comes from the store (the server's render), so the cards
 * render at once, without a loading state.
 */
export default function ProfilePage() {
  const to = useLocalePath();
  const user = useSelector(selectUser);
  const dispatch = useDispatch();
  const [requested, setRequested] = useState(false);
  return (
    <HeadingPage titleId="cp.profile.title" leadId="cp.profile.lead" noindex>
      {requested ? (
        <div className={`${formStyles.notice} ${styles.done}`} role="status">
          <p>
            <FormattedMessage id="cp.profile.delete.done" />
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
            <DeleteCard
              user={user}
              onRequested={() => {
                // the request logs out everywhere: this page stays to say it was received
                dispatch(sessionEnded());
                setRequested(true);
              }}
            />
          </div>
        )
      )}
    </HeadingPage>
  );
}

/** The route's action, in this screen's chunk (client/app/routes.tsx). */
export const routeAction = () => profileAction;
