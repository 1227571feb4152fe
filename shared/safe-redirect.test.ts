import { isSafeRedirect } from './safe-redirect.ts';

describe('isSafeRedirect (docs/product.md §12 Redirect paths)', () => {
  it.each([
    '/cp/',
    '/en/cp/orders/?page=2',
    '/de/cp/payment/history/?from=2026-01-01&to=2026-02-01',
    '/uslugi/lajki-v-instagram/#faq',
    '/cp/orders/%D0%B0/',
  ])('accepts the internal path %s', (path) => {
    expect(isSafeRedirect(path)).toBe(true);
  });

  it.each([
    ['protocol-relative', '//evil.example/'],
    ['protocol-relative with backslash', '/\\evil.example'],
    ['backslash-first', '\\\\evil.example'],
    ['encoded slash', '/%2fevil.example'],
    ['double-encoded slash', '/%252fevil.example'],
    ['encoded backslash', '/%5cevil.example'],
    ['double-encoded backslash', '/%255cevil.example'],
    ['absolute URL', 'https://evil.example/cp/'],
    ['scheme javascript', 'javascript:alert(1)'],
    ['scheme data', 'data:text/html,<script>alert(1)</script>'],
    ['relative path', 'cp/'],
    ['tab inside', '/\t/evil.example'],
    ['newline inside', '/cp/\nLocation: //evil'],
    ['encoded newline', '/cp/%0d%0aSet-Cookie:x=1'],
    ['NUL byte', '/cp/%00'],
    ['triple slash', '///evil.example'],
    ['user info trick', '/@evil.example'.replace('/', '//')],
    ['spaces', '/ /evil.example'],
    ['empty', ''],
    ['not a string', 42],
    ['unicode slash lookalike', '/\u2215\u2215evil.example'],
    ['malformed escape', '/cp/%E0%A4%A'],
  ])('refuses %s', (_name, path) => {
    expect(isSafeRedirect(path)).toBe(false);
  });
});
