/** @jest-environment jsdom */
import '#tests/support/jsdom.ts';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { appStore, renderPage } from '#tests/support/render.tsx';
import { Table } from './staff-parts.tsx';

/**
 * jsdom lays nothing out: the box's widths are set by the test, and a fake ResizeObserver is
 * told when they change, as the browser's is when the window narrows.
 */
let inside = 0;
let shown = 0;
const observers: (() => void)[] = [];
class FakeResizeObserver {
  constructor(callback: () => void) {
    observers.push(callback);
  }
  observe() {}
  disconnect() {}
}
const widths = {
  scrollWidth: { configurable: true, get: () => inside },
  clientWidth: { configurable: true, get: () => shown },
};

beforeAll(() => {
  Object.assign(globalThis, { ResizeObserver: FakeResizeObserver });
  Object.defineProperties(HTMLElement.prototype, widths);
});
afterAll(() => {
  Reflect.deleteProperty(globalThis, 'ResizeObserver');
  Reflect.deleteProperty(HTMLElement.prototype, 'scrollWidth');
  Reflect.deleteProperty(HTMLElement.prototype, 'clientWidth');
});

function renderTable() {
  return renderPage(
    <>
      <button type="button">before</button>
      <Table
        head={['staff.orders.id', 'staff.orders.service']}
        rows={[
          <tr key="1">
            <td>today</td>
            <td>$1</td>
          </tr>,
        ]}
      />
    </>,
    { store: appStore({}), path: '/en/staff/', pageId: 'staff', sets: ['staff'] },
  );
}

describe('a staff table', () => {
  it('that scrolls sideways is a region named by its columns that Tab reaches', async () => {
    inside = 900;
    shown = 375;
    const user = userEvent.setup();
    renderTable();
    const box = await screen.findByRole('region', { name: 'Table: No., Service' });
    expect(box.querySelector('table')).toBeTruthy();
    screen.getByRole('button', { name: 'before' }).focus();
    await user.tab();
    expect(document.activeElement).toBe(box);
  });

  it('that fits is no tab stop, and becomes one when the window narrows', async () => {
    inside = 900;
    shown = 1200;
    const user = userEvent.setup();
    renderTable();
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.getByRole('table').parentElement?.hasAttribute('tabindex')).toBe(false);
    shown = 375;
    act(() => {
      for (const told of observers) told();
    });
    const box = screen.getByRole('region', { name: 'Table: No., Service' });
    screen.getByRole('button', { name: 'before' }).focus();
    await user.tab();
    expect(document.activeElement).toBe(box);
  });
});
