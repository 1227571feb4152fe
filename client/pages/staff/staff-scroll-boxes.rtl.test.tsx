/** @jest-environment jsdom */
import '#tests/support/jsdom.ts';
import { readFileSync } from 'node:fs';
import { screen } from '@testing-library/react';
import type { StaffMe } from '#shared/staff.ts';
import type { StaffPrices } from '#shared/staff-catalogue.ts';
import { CAPABILITIES } from '#shared/staff-permissions.ts';
import { appStore, fakeApi, renderPage } from '#tests/support/render.tsx';
import { staffRoute } from '#tests/support/staff-route.ts';
import { StaffSessionProvider } from '../../features/staff/staff-session.tsx';
import StaffPage from './staff.page.tsx';

/**
 * A box that scrolls sideways (a table's) must hold what is absolutely positioned inside it
 * (a visually hidden column name): its containing block is the nearest positioned ancestor, and
 * one outside the box leaves the text where its column is, past the box's edge, where it
 * widens the page itself. At 640 px (1280 at 200 % zoom) the prices' tiers scroll in their box
 * and the hidden name of the Remove column, 1 px wide, stood beyond the window: the whole page
 * scrolled sideways. The test reads the stylesheets' rules of single classes (CSS Modules keep
 * a class's name in tests) and walks the rendered page.
 */

/** The declarations of each `.class { … }` rule (media queries' too), by class name. */
function rulesOf(...files: string[]): Map<string, string> {
  const rules = new Map<string, string>();
  for (const file of files) {
    const css = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    for (const [, selector, body] of css.matchAll(/([^{}]+)\{([^{}]*)\}/g))
      for (const one of selector!.split(','))
        if (/^\s*\.[\w-]+\s*$/.test(one)) {
          const name = one.trim().slice(1);
          rules.set(name, `${rules.get(name) ?? ''};${body}`);
        }
  }
  return rules;
}

const RULES = rulesOf('client/styles/tokens.css', 'client/pages/staff/staff.module.css');
const declares = (element: Element, pattern: RegExp) =>
  [...element.classList].some((name) => pattern.test(RULES.get(name) ?? ''));
const SCROLLS = /overflow(-x)?\s*:\s*(auto|scroll)/;
const ABSOLUTE = /position\s*:\s*absolute/;
const POSITIONED = /position\s*:\s*(relative|absolute|fixed|sticky)/;

const ME: StaffMe = {
  user: { id: 1, login: 'boss', email: 'boss@example.com', lang: 'en' },
  role: 'admin',
  capabilities: [...CAPABILITIES],
  enrolled: true,
  signedIn: true,
  recoveryCodesLeft: 10,
  adjustCap: null,
};

const PRICES: StaffPrices = {
  tag: 'IG_LIKES',
  provider: { id: 'simulator', service: 'IG_LIKES', currency: 'USD', rate: '1.00', error: null },
  sets: [
    {
      client: 'CLIENT_MAIN',
      currency: 'USD',
      tiers: [{ from: 10, micro: 699_000, per1000: 699, markup: 6.99 }],
      per1000: 699,
      provider_per1000: 100,
      markup: 6.99,
    },
  ],
};

let api: ReturnType<typeof fakeApi>;
afterEach(() => api.restore());

describe("the console's boxes that scroll sideways", () => {
  it('hold what is absolutely positioned in them (the prices page)', async () => {
    api = fakeApi({ 'GET staff/me': () => ME, 'GET staff/prices/IG_LIKES': () => PRICES });
    renderPage(
      <StaffSessionProvider>
        <StaffPage />
      </StaffSessionProvider>,
      {
        store: appStore({}),
        path: '/en/staff/prices/IG_LIKES/',
        pageId: 'staff-price',
        sets: ['staff'],
        routeOf: staffRoute,
        otherPages: { '/en/staff/prices/:tag/': 'staff-price' },
      },
    );
    const main = await screen.findByTestId('staff-prices');
    const placed = [...main.querySelectorAll('*')].filter((element) => declares(element, ABSOLUTE));
    // the hidden name of the tiers' Remove column, at least
    expect(placed.length).toBeGreaterThan(0);
    const found = placed.map((element) => {
      let inBox = false;
      let held = false;
      for (let at = element.parentElement; at && at !== main; at = at.parentElement) {
        if (declares(at, POSITIONED)) held = true;
        if (declares(at, SCROLLS)) {
          inBox = true;
          break;
        }
      }
      return { text: element.textContent, inBox, held };
    });
    const inBoxes = found.filter((one) => one.inBox);
    expect(inBoxes.map((one) => one.text)).toContain('Remove');
    for (const one of inBoxes) expect(one).toEqual({ ...one, held: true });
  });
});
