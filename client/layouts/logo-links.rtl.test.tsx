/** @jest-environment jsdom */
import '#tests/support/jsdom.ts';
import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { RawIntlProvider } from 'react-intl';
import ruCabinet from '#locales/cabinet/ru.json' with { type: 'json' };
import ruPages from '#locales/pages/ru.json' with { type: 'json' };
import ruMessages from '#locales/ru.json' with { type: 'json' };
import { BRAND_NAME } from '#shared/brand.ts';
import { appStore, renderPage } from '#tests/support/render.tsx';
import { expandMessages, intlFor } from '../lib/intl.ts';
import { AuthLayout } from './auth-layout.tsx';
import { CabinetLayout } from './cabinet-layout.tsx';

/**
 * WCAG 2.5.3 (Label in Name): a logo link shows the brand's name, so its accessible name
 * starts with it, and says where it leads in the page's language.
 */

const russian = intlFor('ru', expandMessages({ ...ruMessages, ...ruCabinet, ...ruPages }));

function renderIn(locale: 'ru' | 'en', ui: ReactNode, path: string, pageId: string) {
  return renderPage(
    locale === 'ru' ? <RawIntlProvider value={russian}>{ui}</RawIntlProvider> : ui,
    {
      store: appStore({}),
      path,
      pageId,
      sets: ['cabinet', 'pages'],
    },
  );
}

/** The link around the logo (its mark and the brand's name). */
const logoLink = (container: HTMLElement) => {
  const name = [...container.querySelectorAll('a')].find((a) =>
    a.textContent?.includes(BRAND_NAME),
  );
  if (!name) throw new Error('no logo link');
  return name;
};

describe('the logo link', () => {
  it.each([
    ['en', '/en/cp/', 'Boostly, new order'],
    ['ru', '/cp/', 'Boostly, новый заказ'],
  ] as const)("of the cabinet (%s) starts with the brand's name", (locale, path, expected) => {
    const { container } = renderIn(locale, <CabinetLayout />, path, 'cp');
    const link = logoLink(container);
    expect(screen.getByRole('link', { name: expected })).toBe(link);
    expect(link.getAttribute('aria-label')?.startsWith(BRAND_NAME)).toBe(true);
  });

  it.each([
    ['en', '/en/login/', 'Boostly, home page'],
    ['ru', '/login/', 'Boostly, главная страница'],
  ] as const)(
    "of sign-in and sign-up (%s) starts with the brand's name",
    (locale, path, expected) => {
      const { container } = renderIn(locale, <AuthLayout />, path, 'login');
      const link = logoLink(container);
      expect(screen.getByRole('link', { name: expected })).toBe(link);
    },
  );
});
