/** @jest-environment jsdom */
import '#tests/support/jsdom.ts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { appStore, renderPage } from '#tests/support/render.tsx';
import { Dropdown } from './dropdown.tsx';

/**
 * A menu left by the keyboard (WCAG 2.1.2, 2.4.3): Escape closes it and gives the focus back
 * to its toggle; tabbing out of it closes it.
 */
function renderMenu() {
  return renderPage(
    <>
      <Dropdown id="currency" label="Currency" summary="USD">
        <ul>
          <li>
            <button type="button">EUR</button>
          </li>
          <li>
            <button type="button">RUB</button>
          </li>
        </ul>
      </Dropdown>
      <button type="button">After the menu</button>
    </>,
    { store: appStore({}) },
  );
}

describe('a dropdown menu and the keyboard', () => {
  it('closes on Escape and gives the focus back to its toggle', async () => {
    const user = userEvent.setup();
    renderMenu();
    const toggle = screen.getByRole('button', { name: 'Currency: USD' });
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'EUR' }));
    await user.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
    expect(screen.queryByRole('button', { name: 'EUR' })).toBeNull();
  });

  it('closes when the focus leaves it', async () => {
    const user = userEvent.setup();
    renderMenu();
    const toggle = screen.getByRole('button', { name: 'Currency: USD' });
    await user.click(toggle);
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'RUB' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'After the menu' }));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    // back into it by the keyboard: it opens again only when asked
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });
});
