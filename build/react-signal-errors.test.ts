import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { SIGNAL_ERROR_CODES } from '../client/lib/react-signal-errors.ts';
import { SIGNAL_ERRORS, withSignalErrorsMadeAhead } from './react-signal-errors.ts';

const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, '..');
const REACT_DOM_CLIENT = path.join(
  root,
  'node_modules/react-dom/cjs/react-dom-client.production.js',
);

describe('react-dom with its signal errors made ahead', () => {
  const source = readFileSync(REACT_DOM_CLIENT, 'utf8');
  const { contents, codes } = withSignalErrorsMadeAhead(source);

  it('finds exactly the errors client/lib/react-signal-errors.ts makes (a React upgrade says so here)', () => {
    expect([...codes].sort()).toEqual([...SIGNAL_ERROR_CODES]);
    // the helper follows the directive: the module stays strict
    expect(contents).toMatch(/^"use strict";\nvar signalError\$ = require\(/m);
    expect(contents).not.toMatch(/^(?:var | {2})[\w$]+ = Error\(formatProdErrorMessage\(\d+\)\)/m);
  });

  it('runs as react-dom did, its errors taken from the module made ahead with React’s own messages', () => {
    const made: { code: number; message: string }[] = [];
    const signalError = (code: number, message: string) => {
      made.push({ code, message });
      return new Error(message);
    };
    const requireShim = (id: string) => (id === SIGNAL_ERRORS ? { signalError } : require(id));
    const module = { exports: {} as Record<string, unknown> };
    new Function('exports', 'require', 'module', contents)(module.exports, requireShim, module);

    expect(typeof module.exports.hydrateRoot).toBe('function');
    expect(made.map(({ code }) => code).sort()).toEqual([...SIGNAL_ERROR_CODES]);
    for (const { code, message } of made)
      expect(message).toBe(
        `Minified React error #${code}; visit https://react.dev/errors/${code} for the full message or use the non-minified dev environment for full errors and additional helpful warnings.`,
      );
  });

  it('leaves the source alone where it has no such declaration', () => {
    const other = 'function f() {\n  var x = Error(formatProdErrorMessage(1));\n}\n';
    expect(withSignalErrorsMadeAhead(other)).toEqual({ contents: other, codes: [] });
  });
});
