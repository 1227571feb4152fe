import { type ReactNode, useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDispatch } from 'react-redux';
import { formStyles } from '#client/components/form/text-field.tsx';
import { userLoaded, userRefreshNeeded } from '#client/features/session/session.slice.ts';
import { currencyChanged } from '#client/features/visitor/visitor.slice.ts';
import { formatMoney } from '#client/lib/money.ts';
import { isLocale, LOCALES, type Locale } from '#shared/locales.ts';
import { CURRENCIES, CURRENCY_SYMBOLS, type Currency, isCurrency } from '#shared/regions.ts';
import { pagePath } from '#shared/routes.ts';
import type { PublicUser } from '#shared/user.ts';
import { CardForm } from './card-form.tsx';
import styles from './profile.module.css';
import { useProfileForm } from './use-profile-form.ts';

/** A language's own name ("Deutsch", "Türkçe"), as the language switcher shows it. */
function ownName(locale: Locale): string {
  const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

function Select({
  label,
  error,
  hint,
  ...select
}: {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  name: string;
  value: string;
  disabled?: boolean;
  onChange: (event: { target: { value: string } }) => void;
  children: ReactNode;
}) {
  const id = useId();
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className={formStyles.field}>
      <label htmlFor={id} className={formStyles.label}>
        {label}
      </label>
      <select
        id={id}
        className={`${formStyles.input} ${styles.select}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...select}
      />
      {hint && (
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className={formStyles.error} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

/**
 * The account's language (mails, notifications, the next page) and currency. The currency
 * converts nothing, so it is locked while the balance holds money.
 */
export function PreferencesCard({ user }: { user: PublicUser }) {
  const intl = useIntl();
  const dispatch = useDispatch();
  const lang = isLocale(user.lang) ? user.lang : 'ru';
  const cur = isCurrency(user.cur) ? user.cur : 'RUB';
  const locked = user.balance !== 0;
  const form = useProfileForm(
    'PATCH user',
    { lang, cur },
    () => ({}),
    (v) => ({
      body: {
        ...(v.lang !== user.lang ? { lang: v.lang as Locale } : {}),
        ...(v.cur !== user.cur ? { cur: v.cur as Currency } : {}),
      },
    }),
    (updated) => {
      dispatch(userLoaded(updated));
      if (updated.cur !== user.cur && isCurrency(updated.cur)) {
        // prices everywhere follow the account's currency; the header reads the user again
        dispatch(currencyChanged(updated.cur));
        dispatch(userRefreshNeeded());
      }
      if (updated.lang !== user.lang && isLocale(updated.lang)) {
        // the messages of another language are another chunk: a full load of this page in it
        window.location.assign(pagePath('cp-profile', updated.lang));
      }
      return intl.formatMessage({ id: 'cp.profile.saved' });
    },
  );
  const dirty = form.values.lang !== user.lang || form.values.cur !== user.cur;
  return (
    <section className={styles.card} aria-labelledby="profile-preferences">
      <h2 id="profile-preferences" className={styles.cardTitle}>
        <FormattedMessage id="cp.profile.prefs.title" />
      </h2>
      <CardForm form={form} submitId="cp.profile.save" disabled={!dirty}>
        <Select label={intl.formatMessage({ id: 'cp.profile.field.lang' })} {...form.field('lang')}>
          {LOCALES.map((locale) => (
            <option key={locale} value={locale} lang={locale}>
              {ownName(locale)}
            </option>
          ))}
        </Select>
        <Select
          label={intl.formatMessage({ id: 'cp.profile.field.cur' })}
          {...form.field('cur')}
          disabled={locked}
          hint={
            locked
              ? intl.formatMessage(
                  { id: 'cp.profile.prefs.curLocked' },
                  { amount: formatMoney(intl, user.balance, cur) },
                )
              : intl.formatMessage({ id: 'cp.profile.prefs.curNote' })
          }
        >
          {CURRENCIES.map((code) => (
            <option key={code} value={code}>
              {code} ({CURRENCY_SYMBOLS[code]})
            </option>
          ))}
        </Select>
      </CardForm>
    </section>
  );
}
