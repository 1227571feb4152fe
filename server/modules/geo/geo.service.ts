import geoip from 'geoip-lite';
import { UNKNOWN_COUNTRY } from '../../../shared/regions.ts';

/**
 * The visitor's country from their IP (GeoLite2 data shipped with geoip-lite, loaded into
 * memory once). Private, loopback and unknown addresses answer UNKNOWN.
 */
export function countryOfIp(ip: string | undefined): string {
  if (!ip) return UNKNOWN_COUNTRY;
  const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return geoip.lookup(address)?.country || UNKNOWN_COUNTRY;
}
