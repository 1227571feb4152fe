import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type * as esbuild from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
/** The module react-dom takes its signal errors from (made before react-dom's runs). */
export const SIGNAL_ERRORS = path.join(root, 'client/lib/react-signal-errors.ts');
const USE_STRICT = /^"use strict";$/m;
/** A top-level declaration of one of react-dom's signal errors (`var X = Error(…(460))`). */
const TOP_LEVEL_ERROR =
  /^((?:var | {2})[\w$]+ = )Error\(formatProdErrorMessage\((\d+)\)\)([,;])$/gm;

/** react-dom's client module with its top-level errors taken from client/lib/react-signal-errors.ts. */
export function withSignalErrorsMadeAhead(source: string): { contents: string; codes: number[] } {
  const codes: number[] = [];
  const contents = source.replace(TOP_LEVEL_ERROR, (_, declaration: string, code: string, end) => {
    codes.push(Number(code));
    return `${declaration}signalError$(${code}, formatProdErrorMessage(${code}))${end}`;
  });
  if (codes.length === 0) return { contents, codes };
  // after the module's "use strict", which must stay its first statement
  if (!USE_STRICT.test(contents))
    throw new Error('react-dom-client.production.js has no "use strict" line to follow');
  const taken = `\nvar signalError$ = require(${JSON.stringify(SIGNAL_ERRORS)}).signalError;`;
  return { contents: contents.replace(USE_STRICT, (directive) => directive + taken), codes };
}

/**
 * The browser build's react-dom client takes the errors it makes at its top level from a
 * small module evaluated before it (client/lib/react-signal-errors.ts says why).
 */
export const reactSignalErrorsMadeAhead: esbuild.Plugin = {
  name: 'react-signal-errors-made-ahead',
  setup(build) {
    build.onLoad(
      { filter: /[\\/]node_modules[\\/]react-dom[\\/]cjs[\\/]react-dom-client\.production\.js$/ },
      async (args) => ({
        contents: withSignalErrorsMadeAhead(await readFile(args.path, 'utf8')).contents,
        loader: 'js',
      }),
    );
  },
};
