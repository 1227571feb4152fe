import { readFile } from 'node:fs/promises';
import type * as esbuild from 'esbuild';
import { compileMessagesForBrowser } from '#shared/compile-messages.ts';
import { MESSAGE_SETS } from '#shared/message-sets.ts';

/** The interface messages the browser loads: locales/<lang>.json and the message sets'. */
const MESSAGE_FILES = new RegExp(
  `[\\\\/]locales[\\\\/](?:(?:${MESSAGE_SETS.join('|')})[\\\\/])?[a-z]{2}\\.json$`,
);
const PARSER = '@formatjs/icu-messageformat-parser';

/**
 * The browser gets its messages compiled (ICU syntax trees, as `formatjs compile --ast`
 * writes them), so it never parses a message: the parser is swapped for formatjs's own
 * no-parser entry and stays out of the bundle.
 */
export function compiledMessagesPlugin(): esbuild.Plugin {
  return {
    name: 'compiled-messages',
    setup(build) {
      build.onLoad({ filter: MESSAGE_FILES }, async ({ path }) => ({
        contents: JSON.stringify(
          compileMessagesForBrowser(JSON.parse(await readFile(path, 'utf8'))),
        ),
        loader: 'json',
      }));
      build.onResolve({ filter: new RegExp(`^${PARSER}$`) }, ({ resolveDir, kind, importer }) =>
        build.resolve(`${PARSER}/no-parser.js`, { resolveDir, kind, importer }),
      );
    },
  };
}
