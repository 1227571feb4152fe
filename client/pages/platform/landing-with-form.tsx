import { useIntl } from 'react-intl';
import { useDispatch, useSelector } from 'react-redux';
import { useLoaderData } from 'react-router';
import type { Platform } from '#shared/platforms.ts';
import type { LandingData } from '../../features/landing/landing.loader.ts';
import { PlatformLanding } from '../../features/landing/platform-landing.tsx';
import { useCurrencyInformers } from '../../features/landing/use-currency-informers.ts';
import { OrderForm } from '../../features/order-form/order-form.tsx';
import {
  currencyChanged,
  selectCurrency,
  selectHiddenServicePages,
  selectPublicUrl,
} from '../../features/visitor/visitor.slice.ts';
import { PageMeta } from '../../layouts/parts/page-meta.tsx';
import { PLATFORM_PAGE } from '../../layouts/parts/platform-links.ts';
import { useLocalePath } from '../../lib/locale.ts';
import { formatMoney } from '../../lib/money.ts';
import { useRouteHandle } from '../../lib/route-handle.ts';
import { fromPrices } from './informer-prices.ts';

/**
 * Home and platform pages: the platform landing with the order form as its hero. Where the
 * meta restriction is on, home shows VK (the loader says which platform is shown).
 */
export function LandingWithForm({ platform }: { platform: Platform }) {
  const intl = useIntl();
  const dispatch = useDispatch();
  const data = useLoaderData() as LandingData;
  const { pageId } = useRouteHandle();
  const currency = useSelector(selectCurrency);
  const origin = useSelector(selectPublicUrl);
  const hidden = useSelector(selectHiddenServicePages);
  const to = useLocalePath();
  const shown = (data.platform === 'fake' ? platform : data.platform) as Platform;
  // the cards' prices came for the currency of the first render: another currency reloads them
  useCurrencyInformers(data.informers, currency);
  const prices = Object.fromEntries(
    Object.entries(fromPrices(data.services, data.informers, currency)).map(([page, minor]) => [
      page,
      formatMoney(intl, minor, currency),
    ]),
  );
  return (
    <PlatformLanding
      platform={shown}
      home={pageId === 'home'}
      origin={origin}
      pagePath={to(PLATFORM_PAGE[shown])}
      meta={
        <PageMeta
          title={data.landing.texts[`landing.${shown}.metaTitle`]!}
          description={data.landing.texts[`landing.${shown}.metaDescription`]!}
          image={shown}
        />
      }
      prices={prices}
      texts={data.landing.texts}
      hidden={hidden}
      form={
        <OrderForm
          data={data}
          pageId={pageId}
          onCurrencySwitch={(other) => dispatch(currencyChanged(other))}
        />
      }
    />
  );
}
