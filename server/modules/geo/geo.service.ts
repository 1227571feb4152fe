import { createHash } from 'node:crypto';
import { mkdirSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { UNKNOWN_COUNTRY } from '#shared/regions.ts';

type GeoIp = { lookup(ip: string): { country: string } | null };

const require = createRequire(import.meta.url);
let geoip: GeoIp | undefined;

/**
 * The folder of links to one installation's country files. Named after the installation:
 * a link left by another one (a release directory since removed, an old checkout) would
 * point nowhere and stop every start (`EEXIST` keeps the old link).
 */
export function countryDataDir(source: string, tmp = os.tmpdir()): string {
  const installation = createHash('sha256').update(source).digest('hex').slice(0, 12);
  return path.join(tmp, `geoip-country-${process.getuid?.() ?? 'user'}-${installation}`);
}

/** Links the country files of `source` into `dir` (made if missing); existing links stay. */
export function linkCountryFiles(source: string, dir: string): void {
  mkdirSync(dir, { recursive: true });
  for (const file of ['geoip-country.dat', 'geoip-country6.dat']) {
    try {
      symlinkSync(path.join(source, file), path.join(dir, file));
    } catch (error) {
      // another process of the same installation linked it first
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

/**
 * geoip-lite loads its city database (~150 MB in memory) unless only the country files are
 * in its data folder; it then falls back to the country database (a few MB). We only need
 * the country, so it reads from a folder that links to the country files alone.
 */
function load(): GeoIp {
  const source = path.join(path.dirname(require.resolve('geoip-lite/package.json')), 'data');
  const dir = countryDataDir(source);
  linkCountryFiles(source, dir);
  (globalThis as { geodatadir?: string }).geodatadir = dir;
  return require('geoip-lite') as GeoIp;
}

/** Loads the GeoIP data now (at start-up) rather than on the first request. */
export function preloadGeo(): void {
  geoip ??= load();
}

/**
 * The visitor's country from their IP (GeoLite2 data shipped with geoip-lite).
 * Private, loopback and unknown addresses answer UNKNOWN.
 */
export function countryOfIp(ip: string | undefined): string {
  if (!ip) return UNKNOWN_COUNTRY;
  geoip ??= load();
  const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return geoip.lookup(address)?.country || UNKNOWN_COUNTRY;
}
