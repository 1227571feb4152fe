import { existsSync, mkdirSync, mkdtempSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { countryDataDir, countryOfIp, linkCountryFiles } from './geo.service.ts';

describe('the GeoIP country files', () => {
  let tmp: string;
  beforeEach(() => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'geo-test-'));
  });
  afterEach(() => rmSync(tmp, { recursive: true, force: true }));

  it('are linked from a folder of their installation, so a removed one leaves no stale link', () => {
    const gone = path.join(tmp, 'old-release/node_modules/geoip-lite/data');
    const current = path.join(tmp, 'release/node_modules/geoip-lite/data');
    mkdirSync(current, { recursive: true });
    // the links a removed release left behind
    const stale = countryDataDir(gone, tmp);
    mkdirSync(stale, { recursive: true });
    symlinkSync(path.join(gone, 'geoip-country.dat'), path.join(stale, 'geoip-country.dat'));

    const dir = countryDataDir(current, tmp);
    expect(dir).not.toBe(stale);
    expect(countryDataDir(current, tmp)).toBe(dir);
    linkCountryFiles(current, dir);
    expect(readlinkSync(path.join(dir, 'geoip-country.dat'))).toBe(
      path.join(current, 'geoip-country.dat'),
    );
    // a second process of the same installation finds them linked and goes on
    expect(() => linkCountryFiles(current, dir)).not.toThrow();
    expect(existsSync(path.join(stale, 'geoip-country.dat'))).toBe(false);
  });

  it('answer a country for a public address and UNKNOWN for a private one', () => {
    expect(countryOfIp('127.0.0.1')).toBe('UNKNOWN');
    expect(countryOfIp(undefined)).toBe('UNKNOWN');
    expect(countryOfIp('8.8.8.8')).toBe('US');
  });
});
