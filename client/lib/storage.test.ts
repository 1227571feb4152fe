/** @jest-environment jsdom */
import { jest } from '@jest/globals';
import { localStore, sessionStore } from './storage.ts';

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe('sessionStore and localStore', () => {
  it('read and write their storage; null removes a key', () => {
    sessionStore.set('a', '1');
    localStore.set('b', '2');
    expect([sessionStorage.getItem('a'), localStorage.getItem('b')]).toEqual(['1', '2']);
    expect([sessionStore.get('a'), localStore.get('b'), sessionStore.get('none')]).toEqual([
      '1',
      '2',
      null,
    ]);
    sessionStore.set('a', null);
    expect(sessionStorage.getItem('a')).toBeNull();
  });

  it('read nothing and keep nothing when the storage is switched off or full', () => {
    const off = jest.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    const full = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    try {
      expect(sessionStore.get('a')).toBeNull();
      expect(() => sessionStore.set('a', '1')).not.toThrow();
      expect(() => localStore.set('b', '2')).not.toThrow();
      expect(localStore.get('b')).toBeNull();
    } finally {
      off.mockRestore();
      full.mockRestore();
    }
  });
});
