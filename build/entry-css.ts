import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { scopeCssModule } from './css-modules.ts';

const ENTRY = 'client/entry.client.tsx';
/** the app's shell, which every lazily loaded part of the app imports (build/build.ts) */
export const APP_SHELL = 'client/app/start.tsx';
const SCREEN = /\.page\.tsx$/;
const SCOPED = 'scoped-css:';

/**
 * The CSS sources a stylesheet must keep. The entry's: those reachable from the entry without
 * passing through a screen (`*.page.tsx`, whose own stylesheet the page links), lazily loaded
 * layouts' too. A lazily loaded part's (a screen, a layout): those reachable from it without
 * passing through the app's shell, which it imports only to say it runs after it (the shell's
 * styles are the entry's). A screen's own lazy parts (the staff console's screens, React.lazy
 * in pages/staff/staff.page.tsx) need nothing of their own: esbuild's stylesheet of a screen's
 * chunk holds the CSS of what it imports dynamically as well, and that is the stylesheet the
 * page links. esbuild folds every screen's CSS into the entry's stylesheet, and the shell's
 * into every lazy part's; this is what is left without them.
 */
function keptSources(metafile: esbuild.Metafile, from: string): Set<string> {
  const kept = new Set<string>();
  const seen = new Set<string>();
  const skip = (imported: string) =>
    from === ENTRY ? SCREEN.test(imported) : imported === APP_SHELL;
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (file.endsWith('.css')) kept.add(file);
    for (const imported of metafile.inputs[file]?.imports ?? []) {
      if (imported.external || skip(imported.path)) continue;
      walk(imported.path);
    }
  };
  walk(from);
  return kept;
}

/**
 * The stylesheets of the entry and of each lazily loaded part, rebuilt from the sources each
 * must keep (in esbuild's order) and minified as the build minifies, by output path: a
 * landing's render-blocking CSS drops from every screen's styles (~15 KiB gzip) to the
 * shell's, and a screen's from the shell's and its own to its own.
 */
export async function leanStylesheets(
  metafile: esbuild.Metafile,
  root: string,
  target: esbuild.BuildOptions['target'],
): Promise<Map<string, string>> {
  const lean = new Map<string, string>();
  const sources = new Map<string, string>();
  const read = async (source: string) => {
    if (!sources.has(source)) {
      // a CSS module's scoped part is named by its path from the root (build/css-modules.ts)
      const scoped = source.startsWith(SCOPED) ? source.slice(SCOPED.length) : null;
      const text = await readFile(path.join(root, scoped ?? source), 'utf8');
      sources.set(source, scoped ? scopeCssModule(text, scoped).css : text);
    }
    return sources.get(source)!;
  };
  // what the entry's stylesheet holds, no lazily loaded part's repeats: a module a part shares
  // with the shell (client/app/shell-shared.ts) brings its styles in the entry's
  const inEntry = keptSources(metafile, ENTRY);
  for (const [file, output] of Object.entries(metafile.outputs)) {
    const from = output.entryPoint;
    if (!from || !output.cssBundle || !file.endsWith('.js') || from === APP_SHELL) continue;
    const kept =
      from === ENTRY
        ? inEntry
        : new Set([...keptSources(metafile, from)].filter((source) => !inEntry.has(source)));
    const parts: string[] = [];
    for (const source of Object.keys(metafile.outputs[output.cssBundle]!.inputs))
      if (kept.has(source)) parts.push(await read(source));
    const { code } = await esbuild.transform(parts.join('\n'), {
      loader: 'css',
      minify: true,
      charset: 'utf8',
      target,
      legalComments: 'none',
    });
    lean.set(output.cssBundle, code);
  }
  return lean;
}

/** The entry's stylesheet's output path (its lean text is leanStylesheets'). */
export function entryStylesheet(metafile: esbuild.Metafile): string | undefined {
  return Object.values(metafile.outputs).find(
    (output) => output.entryPoint === ENTRY && output.cssBundle,
  )?.cssBundle;
}
