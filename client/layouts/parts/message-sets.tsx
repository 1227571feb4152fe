import type { ComponentType } from 'react';
import { RawIntlProvider, useIntl } from 'react-intl';
import type { MessageSet } from '#shared/message-sets.ts';
import { intlWithSets, type Messages } from '../../lib/intl.ts';
import { useLocale } from '../../lib/locale.ts';

/**
 * A layout whose pages need message sets of their own renders inside an intl that has them
 * (they arrived with the page's screen: client/app/routes.tsx). A page without a screen, the
 * 404, keeps the page's intl: it needs none of them.
 */
export function withMessageSets(sets: readonly MessageSet[], Layout: ComponentType): ComponentType {
  if (sets.length === 0) return Layout;
  function WithSets() {
    const page = useIntl();
    const intl = intlWithSets(useLocale(), page.messages as Messages, sets) ?? page;
    return (
      <RawIntlProvider value={intl}>
        <Layout />
      </RawIntlProvider>
    );
  }
  WithSets.displayName = `WithMessageSets(${Layout.displayName ?? Layout.name})`;
  return WithSets;
}
