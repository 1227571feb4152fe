/** @jest-environment jsdom */
import '#tests/support/jsdom.ts';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { RawIntlProvider } from 'react-intl';
import baseMessages from '#locales/en.json' with { type: 'json' };
import keptDe from '#locales/kept/de.json' with { type: 'json' };
import keptEn from '#locales/kept/en.json' with { type: 'json' };
import { SERVICE_PAGES, shownServicePagesOf } from '#shared/service-pages.ts';
import { DropdownProvider } from '../components/dropdown/dropdown.tsx';
import { IconSpriteContext } from '../components/icons/sprite-context.ts';
import { keptKey, propsJson } from '../components/static-subtree/kept-key.ts';
import {
  type KeptContent,
  type KeptProps,
  KeptSubtree,
} from '../components/static-subtree/kept-subtree.tsx';
import { heroText, landingSections } from '../features/landing/platform-landing.tsx';
import { navPlatforms } from '../layouts/parts/platform-links.ts';
import { footerContent } from '../layouts/parts/site-footer.tsx';
import { platformMenus } from '../layouts/parts/site-header.tsx';
import { expandMessages, intlFor, registerMessageSet } from '../lib/intl.ts';
import { serviceHero, serviceSections } from '../pages/service/service.page.tsx';

/**
 * Every kept content renders from its props alone: with no store and no router around it,
 * each prop changed on its own changes both the key and the markup. The props come from two
 * complete samples per content (`Required` of its props type: a new prop fails to compile
 * until both samples have it), so no list of what a content reads is kept here.
 */

const [instagram] = navPlatforms(false);
const firstShown = shownServicePagesOf(instagram!, [])[0]!;
const otherService = SERVICE_PAGES.find((page) => page.platform !== firstShown.platform)!;

interface Case<P extends KeptProps> {
  content: KeptContent<P>;
  sample: Required<P>;
  other: Required<P>;
}
const kept = <P extends KeptProps>(
  content: KeptContent<P>,
  sample: Required<P>,
  other: Required<P>,
): Case<P> => ({ content, sample, other });

const FIGURES = {
  start_median_min: 12,
  speed_p90_min_per_1000: 180,
  completion_rate: 0.97,
  refill_rate_30d: 0.02,
  orders_30d: 1240,
};

const CASES = [
  kept(
    footerContent,
    {
      locale: 'en',
      legalRegion: 'world',
      metaRestricted: false,
      hidden: [],
      today: '2026-11-28',
    },
    {
      locale: 'de',
      legalRegion: 'ru-en',
      metaRestricted: true,
      hidden: [firstShown.id],
      today: '2027-12-01',
    },
  ),
  kept(
    heroText,
    { locale: 'en', platform: 'instagram', platformName: 'Instagram', title: 'T', lead: 'L' },
    { locale: 'de', platform: 'tiktok', platformName: 'TikTok', title: 'T2', lead: 'L2' },
  ),
  kept(
    landingSections,
    {
      locale: 'en',
      platform: firstShown.platform,
      home: false,
      origin: 'https://a.test',
      pagePath: '/en/instagram/',
      platformName: 'Instagram',
      prices: { [firstShown.id]: '$1.00' },
      texts: { [`service.${firstShown.id}.short`]: 'Short' },
      hidden: [],
    },
    {
      locale: 'de',
      platform: otherService.platform,
      home: true,
      origin: 'https://b.test',
      pagePath: '/en/other/',
      platformName: 'Other',
      prices: { [firstShown.id]: '$2.00' },
      texts: { [`service.${firstShown.id}.short`]: 'Other short' },
      hidden: [firstShown.id],
    },
  ),
  kept(
    serviceHero,
    { locale: 'en', service: firstShown, title: 'T', short: 'S', platformName: 'Instagram' },
    { locale: 'de', service: otherService, title: 'T2', short: 'S2', platformName: 'Other' },
  ),
  kept(
    serviceSections,
    {
      locale: 'en',
      service: firstShown,
      platformName: 'Instagram',
      faq: { heading: 'About {service}', items: [{ q: 'Q?', a: 'A.' }] },
      title: 'T',
      short: 'S',
      costs: [99],
      currency: 'USD',
      origin: 'https://a.test',
      stats: FIGURES,
    },
    {
      locale: 'de',
      service: otherService,
      platformName: 'Other',
      faq: { heading: 'More on {service}', items: [{ q: 'Q2?', a: 'A2.' }] },
      title: 'T2',
      short: 'S2',
      costs: [199],
      currency: 'EUR',
      origin: 'https://b.test',
      stats: { ...FIGURES, orders_30d: 7 },
    },
  ),
  // live: its closed menus show little, so its first menu is opened
  kept(
    platformMenus,
    { locale: 'en', metaRestricted: false, hidden: [] },
    { locale: 'de', metaRestricted: true, hidden: [firstShown.id] },
  ),
] as unknown as Case<KeptProps>[];

beforeAll(() => {
  registerMessageSet('kept', 'en', expandMessages(keptEn));
  registerMessageSet('kept', 'de', expandMessages(keptDe));
});
afterEach(cleanup);

/** The subtree's markup, with nothing around it but the page's intl, icons and menus' group. */
async function markupOf<P extends KeptProps>(content: KeptContent<P>, props: P): Promise<string> {
  const { container } = render(
    <RawIntlProvider value={intlFor('en', expandMessages(baseMessages))}>
      <IconSpriteContext.Provider value="/assets/icons.svg">
        <DropdownProvider>
          <KeptSubtree as="div" className="kept" content={content} props={props} />
        </DropdownProvider>
      </IconSpriteContext.Provider>
    </RawIntlProvider>,
  );
  // a content's code comes from its chunk (React.lazy)
  await act(async () => {
    await import('../features/landing/landing-content.tsx');
    await import('../pages/service/service-content.tsx');
    await import('../layouts/parts/site-footer-content.tsx');
  });
  const element = container.querySelector('.kept');
  expect(element).not.toBeNull();
  if (content.live) {
    const [first] = screen.getAllByRole('button', { expanded: false });
    fireEvent.click(first!);
  }
  const html = container.innerHTML;
  cleanup();
  return html;
}

describe.each(CASES.map((entry) => [entry.content.name, entry] as const))('%s', (_, entry) => {
  const { content, sample, other } = entry;

  it('renders from its props alone (no store, no router)', async () => {
    expect(await markupOf(content, sample)).toContain('class="kept"');
  });

  it.each(Object.keys(sample))('a change of %s changes its key and its markup', async (prop) => {
    const changed = { ...sample, [prop]: other[prop as keyof KeptProps] };
    expect(keptKey(content.name, propsJson(changed))).not.toBe(
      keptKey(content.name, propsJson(sample)),
    );
    expect(await markupOf(content, changed)).not.toBe(await markupOf(content, sample));
  });
});
