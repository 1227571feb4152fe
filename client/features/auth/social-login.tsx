import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSelector } from 'react-redux';
import { useSearchParams } from 'react-router';
import { button } from '../../components/button/button.ts';
import { formStyles } from '../../components/form/text-field.tsx';
import { selectSocialProviders } from '../../lib/app-state.ts';
import { useLocale, useLocalePath } from '../../lib/locale.ts';
import { useWrite } from '../../lib/route-write.ts';

/** Buttons for the configured providers (VK ID, Google); each starts the code flow. */
export function SocialButtons() {
  const providers = useSelector(selectSocialProviders);
  const locale = useLocale();
  if (!providers.length) return null;
  return (
    <div className={formStyles.form}>
      <p className={formStyles.links}>
        <FormattedMessage id="auth.login.social" />
      </p>
      {providers.map((provider) => (
        <a
          key={provider}
          href={`/api/slogin/${provider}?lang=${locale}`}
          className={button('secondary', { large: true })}
        >
          <FormattedMessage id={`auth.social.${provider}`} />
        </a>
      ))}
    </div>
  );
}

/**
 * The social choices, and on /login/ (where the provider's callback lands, docs/product.md §2) the end of
 * the flow (?done=1: trade the Bearer cookie for the session, docs/product.md §15 social strategy) or its
 * failure (?error=…: the strategy was reset; say so plainly).
 */
export function SocialLogin() {
  const intl = useIntl();
  const to = useLocalePath();
  const [search] = useSearchParams();
  const [failed, setFailed] = useState(search.has('error'));
  const done = search.get('done') === '1';
  // the trade goes through the page's action (authAction)
  const trade = useWrite('POST slogin/auth', {
    done: () => window.location.assign(to('cp')),
    failed: (error) => {
      console.error('social login failed', error);
      setFailed(true);
    },
  });
  const { submit } = trade;
  useEffect(() => {
    if (done) void submit();
  }, [done, submit]);

  return (
    <>
      {failed && (
        <p className={formStyles.alert} role="alert">
          {intl.formatMessage({ id: 'auth.social.failed' })}
        </p>
      )}
      {done && !failed ? (
        <p className={formStyles.notice} role="status">
          <FormattedMessage id="auth.busy" />
        </p>
      ) : (
        <SocialButtons />
      )}
    </>
  );
}
