import { SIGNAL_ERROR_CODES, signalError } from './react-signal-errors.ts';

describe('signalError', () => {
  it('hands out each error made ahead once, with the message React gives it', () => {
    const code = SIGNAL_ERROR_CODES[0];
    const first = signalError(code, 'Minified React error #460');
    expect(first).toBeInstanceOf(Error);
    expect(first.message).toBe('Minified React error #460');
    // made when the module was evaluated, not now: its stack is the module's
    expect(first.stack).not.toMatch(/at signalError/);
    const second = signalError(code, 'again');
    expect(second).not.toBe(first);
    expect(first.message).toBe('Minified React error #460');
  });

  it('makes an error for a code it did not make ahead (a newer React)', () => {
    const error = signalError(999, 'Minified React error #999');
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe('Minified React error #999');
  });
});
