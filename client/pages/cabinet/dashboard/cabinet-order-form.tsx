import { OrderForm } from '#client/features/order-form/order-form.tsx';
import type { CatalogPlatform } from '#shared/catalog.ts';
import { CabinetOrderOptions } from './cabinet-order-options.tsx';
import { ServiceFacts } from './service-facts.tsx';
import { ShortBalance } from './short-balance.tsx';

/** The cabinet looks its services and prices up: the page brings none. */
const NO_PRICES = { platform: 'instagram' as CatalogPlatform, services: [], informers: {} };

/**
 * /cp/'s order form: the landings' with the cabinet's services and prices (CLIENT_LK, paid
 * from the balance first), its options, its word on a balance short of the price, and the
 * chosen service's facts beside it.
 */
export function CabinetOrderForm() {
  return (
    <OrderForm
      data={NO_PRICES}
      pageId="cp"
      client="CLIENT_LK"
      aside={(selection) => <ServiceFacts selection={selection} />}
      options={(model) => <CabinetOrderOptions model={model} />}
      balance={(model) => <ShortBalance model={model} />}
    />
  );
}
