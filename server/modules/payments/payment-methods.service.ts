import { CATALOG_CACHE_TTL_MS } from '#shared/constants.ts';
import {
  availableIn,
  type CountryFilter,
  type PaymentGroup,
  type PaymentMethod,
  type PaymentMethodsData,
} from '#shared/payment-methods.ts';
import type { Currency } from '#shared/regions.ts';
import type { Db } from '../../db/database.ts';
import { parseJson, ttlCache } from '../../lib/ttl-cache.ts';
import { loadPaymentMethodRows } from './payment-methods.repository.ts';

export type PaymentMethodsService = ReturnType<typeof createPaymentMethodsService>;

/** payment/methods: the enabled methods of a currency that a country may use, with their groups. */
export function createPaymentMethodsService({
  db,
  ttlMs = CATALOG_CACHE_TTL_MS,
  now = () => Date.now(),
  served = () => true,
}: {
  db: Db;
  ttlMs?: number;
  now?: () => number;
  /** whether a gateway serves payments here: methods of one that does not are not offered */
  served?: (gateway: string) => boolean;
}) {
  const cache = ttlCache(
    () =>
      loadPaymentMethodRows(db).then(({ methods, groups }) => ({
        methods: methods.map(
          (row): PaymentMethod => ({
            id: row.id,
            code: row.code,
            order: row.sort,
            currencies: parseJson<Currency[]>(row.currencies, []),
            country_filter: row.country_filter as CountryFilter,
            countries: parseJson<string[]>(row.countries, []),
            limits: parseJson(row.limits, {}),
            group: row.group_id,
            show_agreement_flag: Boolean(row.show_agreement_flag),
          }),
        ),
        groupOrder: new Map(groups.map((group) => [group.id, group.sort])),
        gateways: new Map(methods.map((row) => [row.id, row.gateway])),
      })),
    ttlMs,
    now,
  );

  return {
    async list(currency: Currency, country: string): Promise<PaymentMethodsData> {
      const { methods, groupOrder, gateways } = await cache.get();
      const usable = methods.filter(
        (method) =>
          method.currencies.includes(currency) &&
          method.limits[currency] &&
          availableIn(method, country) &&
          served(gateways.get(method.id) ?? ''),
      );
      const groups: Record<string, PaymentGroup> = {};
      for (const method of usable) {
        if (!method.group) continue;
        groups[method.group] ??= {
          id: method.group,
          order: groupOrder.get(method.group) ?? 0,
          methods: [],
        };
        const group = groups[method.group]!;
        group.methods.push(method.id);
      }
      return { methods: usable, groups };
    },

    /** A method's code (`card_world`, `paypal`, …), or null for one no longer listed. */
    async codeOf(methodId: number): Promise<string | null> {
      return (await cache.get()).methods.find((method) => method.id === methodId)?.code ?? null;
    },

    /** The gateway a method's payments go to (`yookassa`, `stripe`, … ; `balance` for -1). */
    async gatewayOf(methodId: number): Promise<string> {
      return (await cache.get()).gateways.get(methodId) ?? 'sandbox';
    },

    invalidate(): void {
      cache.drop();
    },
  };
}
