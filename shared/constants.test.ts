import { productAgeYears } from './constants.ts';
import { deviceClassByWidth } from './device.ts';

describe('product age (from 2017-09-15)', () => {
  it('turns a year older on the anniversary', () => {
    expect(productAgeYears(new Date('2026-09-14T23:59:59Z'))).toBe(8);
    expect(productAgeYears(new Date('2026-09-15T00:00:00Z'))).toBe(9);
    expect(productAgeYears(new Date('2026-11-22T00:00:00Z'))).toBe(9);
  });
});

describe('device class by width (docs/product.md §15)', () => {
  it('has its boundaries at 768, 1024 and 1200', () => {
    expect(deviceClassByWidth(375)).toBe('phone');
    expect(deviceClassByWidth(767)).toBe('phone');
    expect(deviceClassByWidth(768)).toBe('tablet');
    expect(deviceClassByWidth(1023)).toBe('tablet');
    expect(deviceClassByWidth(1024)).toBe('laptop');
    expect(deviceClassByWidth(1199)).toBe('laptop');
    expect(deviceClassByWidth(1200)).toBe('desktop');
  });
});
