import type { Request } from 'express';
import { COOKIE_NAMES } from '../../shared/constants.ts';
import { deviceClassOf } from '../../shared/device.ts';
import { type Locale, localeOfPath } from '../../shared/locales.ts';
import {
  currencyOfCountry,
  defaultCurrency,
  isCurrency,
  isGdprCountry,
  REGION_BY_CURRENCY,
} from '../../shared/regions.ts';
import type { VisitorState } from '../../shared/visitor.ts';
import type { MetaRule } from '../config.ts';
import { countryOfIp } from '../modules/geo/geo.service.ts';
import { deviceRecordOf } from './device-record.ts';

/**
 * The request context of every page (SPEC §3, §4, §9): device, country (req.ip honours
 * 'trust proxy'), the region of that country, GDPR, the locale of the path and the currency
 * (the visitor's choice, else RUB for ru and USD for the rest).
 */
export function visitorOf(
  req: Request,
  { publicUrl, socialProviders }: { publicUrl: string; socialProviders: string[] },
  metaRules: readonly MetaRule[] = [],
): VisitorState {
  const device = deviceRecordOf(req.get('user-agent'));
  const country = countryOfIp(req.ip);
  const locale: Locale = localeOfPath(req.path);
  const chosen: unknown = req.cookies?.[COOKIE_NAMES.currency];
  return {
    locale,
    currency: isCurrency(chosen) ? chosen : defaultCurrency(locale),
    country,
    region: REGION_BY_CURRENCY[currencyOfCountry(country)],
    isGdpr: isGdprCountry(country),
    device,
    deviceClass: deviceClassOf(device),
    publicUrl,
    socialProviders,
    metaRestricted: metaRules.some(
      (rule) =>
        rule.domain === req.hostname &&
        (rule.countries.includes('*') || rule.countries.includes(country)),
    ),
  };
}
