import path from 'node:path';
import type * as esbuild from 'esbuild';

/**
 * The browser runs Preact (through preact/compat) where the server renders with React 19:
 * react-dom's client alone is ~63 KiB gzip of a landing's first visit, Preact and its compat
 * layer ~12. Every import of react, react-dom and the JSX runtime in the browser bundle (ours
 * and the libraries': react-router, react-redux, react-intl) resolves to these instead; any
 * other subpath fails the build rather than pull React in.
 */
export function preactPlugin(root: string): esbuild.Plugin {
  const shim = (name: string) => path.join(root, 'client/lib/preact', name);
  const TARGETS: Record<string, string> = {
    react: shim('react.js'),
    'react-dom': shim('react-dom.js'),
    'react/jsx-runtime': 'preact/compat/jsx-runtime',
    'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
  };
  return {
    name: 'preact-in-the-browser',
    setup(build) {
      build.onResolve({ filter: /^react(-dom)?(\/.*)?$/ }, async (args) => {
        const target = TARGETS[args.path];
        if (!target) return { errors: [{ text: `${args.path} has no Preact counterpart` }] };
        if (path.isAbsolute(target)) return { path: target };
        return build.resolve(target, { resolveDir: root, kind: args.kind });
      });
    },
  };
}
