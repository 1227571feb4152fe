import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'esbuild';

/**
 * CSS Modules with names that are the same in every build. esbuild's own local-css loader
 * shortens class names when the browser bundle is minified, so the server bundle (which is
 * not) would render other names than the stylesheet has. Here a class `.hero` of
 * client/features/landing/landing.module.css becomes `.landing_hero_x3k9`, from the file's
 * path alone, in both builds.
 */
export function scopeCssModule(
  css: string,
  relativePath: string,
): { css: string; classes: Record<string, string> } {
  const base = path
    .basename(relativePath)
    .replace(/\.module\.css$/, '')
    .replace(/[^\w]/g, '_');
  const suffix = createHash('sha256')
    .update(relativePath.replaceAll('\\', '/'))
    .digest('base64url')
    .slice(0, 4)
    .replace(/-/g, '_');
  const classes: Record<string, string> = {};
  const scoped = (name: string) => {
    classes[name] ??= `${base}_${name}_${suffix}`;
    return classes[name];
  };
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  let out = '';
  let prelude = '';
  let index = 0;
  while (index < text.length) {
    const char = text[index]!;
    if (char === '{') {
      const isGroup = prelude.trim().startsWith('@');
      // class names live in selectors only; an at-rule prelude (@media …) has none
      out +=
        (isGroup
          ? prelude
          : prelude.replace(/\.(-?[A-Za-z_][\w-]*)/g, (_, name: string) => `.${scoped(name)}`)) +
        char;
      prelude = '';
      index += 1;
      if (!isGroup) {
        // copy the declaration block as it is
        let depth = 1;
        while (index < text.length && depth > 0) {
          const inner = text[index]!;
          if (inner === '{') depth += 1;
          if (inner === '}') depth -= 1;
          out += inner;
          index += 1;
        }
      }
      continue;
    }
    if (char === '}' || char === ';') {
      out += prelude + char;
      prelude = '';
      index += 1;
      continue;
    }
    prelude += char;
    index += 1;
  }
  return { css: out + prelude, classes };
}

/**
 * The esbuild plugin: `*.module.css` → a JS module of class names plus its scoped CSS. The
 * scoped CSS is named by its path from the project's root (`scoped-css:client/…`), not its
 * absolute path: esbuild hashes a file's path into its chunk's name, and an absolute one made
 * every chunk name, and so a first visit's gzip size by a few bytes, depend on the checkout's
 * folder.
 */
export function cssModulesPlugin(root: string): Plugin {
  return {
    name: 'css-modules',
    setup(build) {
      build.onLoad({ filter: /\.module\.css$/, namespace: 'file' }, async (args) => {
        const relativePath = path.relative(root, args.path).split(path.sep).join('/');
        const { classes } = scopeCssModule(await readFile(args.path, 'utf8'), relativePath);
        return {
          contents: `import ${JSON.stringify(`scoped-css:${relativePath}`)};\nexport default ${JSON.stringify(classes)};`,
          loader: 'js',
          resolveDir: path.dirname(args.path),
        };
      });
      build.onResolve({ filter: /^scoped-css:/ }, (args) => ({
        path: args.path.slice('scoped-css:'.length),
        namespace: 'scoped-css',
      }));
      build.onLoad({ filter: /.*/, namespace: 'scoped-css' }, async (args) => {
        const file = path.join(root, args.path);
        const { css } = scopeCssModule(await readFile(file, 'utf8'), args.path);
        return { contents: css, loader: 'css', resolveDir: path.dirname(file) };
      });
    },
  };
}
