/** @jest-environment jsdom */
import '#tests/support/jsdom.ts';
import { cleanup, screen, within } from '@testing-library/react';
import type { Selection } from '#client/features/order-form/order-form.selection.ts';
import type { ServiceView } from '#shared/catalog.ts';
import { appStore, fakeApi, renderPage } from '#tests/support/render.tsx';
import { ServiceFacts } from './service-facts.tsx';

/**
 * The cabinet's facts beside its order form state each service's speed as the landings' caps
 * do (shared/platforms.ts DELIVERY_CAPS): Instagram views and YouTube subscribers have theirs,
 * said as every other service's per-day cap is.
 */
function selectionOf(service: Pick<ServiceView, 'platform' | 'kind' | 'name' | 'link_kinds'>) {
  return {
    service: { ...service, tag: `${service.platform}_${service.kind}`.toUpperCase() },
    limits: { min: 100, max: 1_000_000 },
    auto: false,
  } as unknown as Selection;
}

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  api = fakeApi({
    'GET c_orders/average_time': ({ query }) => ({
      tag: query.get('tag'),
      seconds: null,
      orders: 0,
    }),
  });
});
afterEach(() => {
  cleanup();
  api.restore();
});

/** What the facts say beside "Speed". */
async function speedOf(service: Parameters<typeof selectionOf>[0]) {
  renderPage(<ServiceFacts selection={selectionOf(service)} />, {
    store: appStore({}),

    path: '/en/cp/',
    pageId: 'cp',
    sets: ['cabinet'],
  });
  const facts = await screen.findByTestId('service-facts');
  await within(facts).findByText('Not enough completed orders yet');
  const term = within(facts).getByText('Speed');
  return term.nextElementSibling?.textContent;
}

describe('the cabinet’s service facts', () => {
  it('give Instagram views their cap of 500,000 a day', async () => {
    expect(
      await speedOf({
        platform: 'instagram',
        kind: 'views',
        name: 'Instagram views',
        link_kinds: ['video', 'post'],
      }),
    ).toBe('up to 500,000 per day');
  });

  it('give YouTube subscribers their cap of 300 a day', async () => {
    expect(
      await speedOf({
        platform: 'youtube',
        kind: 'followers',
        name: 'YouTube subscribers',
        link_kinds: ['channel'],
      }),
    ).toBe('up to 300 per day');
  });

  it('say them as they say the other services’ caps', async () => {
    expect(
      await speedOf({
        platform: 'instagram',
        kind: 'followers',
        name: 'Instagram followers',
        link_kinds: ['account'],
      }),
    ).toBe('up to 3,000 per day');
  });
});
