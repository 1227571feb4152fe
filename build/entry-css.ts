import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { scopeCssModule } from './css-modules.ts';

const ENTRY = 'client/entry.client.tsx';
const SCREEN = /\.page\.tsx$/;
const SCOPED = 'scoped-css:';

/**
 * The CSS sources the entry's stylesheet must keep: those reachable from the entry without
 * passing through a screen (`*.page.tsx`, whose own stylesheet the page links), lazily loaded
 * layouts' too. A screen's own lazy parts (the staff console's screens, React.lazy in
 * pages/staff/staff.page.tsx) need nothing here: esbuild's stylesheet of a screen's chunk holds
 * the CSS of what it imports dynamically as well, and that is the stylesheet the page links.
 * esbuild folds every screen's CSS into the entry's stylesheet as well; this is what is left
 * without them.
 */
function keptSources(metafile: esbuild.Metafile): Set<string> {
  const kept = new Set<string>();
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (file.endsWith('.css')) kept.add(file);
    for (const imported of metafile.inputs[file]?.imports ?? []) {
      if (imported.external || SCREEN.test(imported.path)) continue;
      walk(imported.path);
    }
  };
  walk(ENTRY);
  return kept;
}

/**
 * The entry's stylesheet, rebuilt from the sources it must keep (in esbuild's order) and
 * minified as the build minifies: a landing's render-blocking CSS drops from every screen's
 * styles (~15 KiB gzip) to the shell's. Null when the build has no entry stylesheet.
 */
export async function leanEntryCss(
  metafile: esbuild.Metafile,
  root: string,
  target: esbuild.BuildOptions['target'],
): Promise<{ output: string; css: string } | null> {
  const [output, entryCss] =
    Object.entries(metafile.outputs).find(
      ([file, out]) => out.entryPoint === ENTRY && file.endsWith('.js'),
    ) ?? [];
  const cssOutput = entryCss?.cssBundle;
  if (!output || !cssOutput) return null;
  const kept = keptSources(metafile);
  const parts: string[] = [];
  for (const source of Object.keys(metafile.outputs[cssOutput]!.inputs)) {
    if (!kept.has(source)) continue;
    if (source.startsWith(SCOPED)) {
      const file = source.slice(SCOPED.length);
      parts.push(scopeCssModule(await readFile(file, 'utf8'), path.relative(root, file)).css);
    } else parts.push(await readFile(path.join(root, source), 'utf8'));
  }
  const { code } = await esbuild.transform(parts.join('\n'), {
    loader: 'css',
    minify: true,
    charset: 'utf8',
    target,
    legalComments: 'none',
  });
  return { output: cssOutput, css: code };
}
