/** @jest-environment jsdom */
import '#tests/support/jsdom.ts';
import { jest } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { focusFirstInvalid } from './focus-first-invalid.ts';

/** The one rule of a refused submit: the first field at fault, in document order, takes the focus. */
describe('focusFirstInvalid', () => {
  it('focuses the first field marked invalid in document order, scrolled into view', () => {
    render(
      <form data-testid="form">
        <input aria-label="first" />
        <input aria-label="disabled" aria-invalid="true" disabled />
        <fieldset data-invalid="true">
          <input aria-label="in a group at fault" />
        </fieldset>
        <textarea aria-label="last" aria-invalid="true" />
      </form>,
    );
    const scrolled = jest.spyOn(Element.prototype, 'scrollIntoView');
    const field = focusFirstInvalid(screen.getByTestId('form'));
    expect(field).toBe(screen.getByLabelText('in a group at fault'));
    expect(document.activeElement).toBe(field);
    expect(scrolled.mock.contexts[0]).toBe(field);
    scrolled.mockRestore();
  });

  it('renders the errors first, then looks for them; with none marked the focus stays', () => {
    let refuse: (marked: boolean) => HTMLElement | null = () => null;
    function Form() {
      const [invalid, setInvalid] = useState(false);
      refuse = (marked) =>
        focusFirstInvalid(document.querySelector('form'), () => setInvalid(marked));
      return (
        <form>
          <input aria-label="amount" aria-invalid={invalid || undefined} />
          <button type="submit">Save</button>
        </form>
      );
    }
    render(<Form />);
    const button = screen.getByRole('button', { name: 'Save' });
    button.focus();
    let focused: HTMLElement | null = button;
    act(() => {
      focused = refuse(false);
    });
    expect(focused).toBeNull();
    expect(document.activeElement).toBe(button);
    act(() => {
      focused = refuse(true);
    });
    expect(focused).toBe(screen.getByLabelText('amount'));
    expect(document.activeElement).toBe(screen.getByLabelText('amount'));
  });
});
