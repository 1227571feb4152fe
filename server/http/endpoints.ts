import type { Router } from 'express';

interface Layer {
  rawPath?: string;
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/**
 * Every call a router answers, as `METHOD /path` (GET /api/endpoints, docs/api.md Misc), read
 * from the routers themselves, so the list is never out of date.
 */
export function listEndpoints(router: Router, prefix: string): string[] {
  const calls: string[] = [];
  const walk = (stack: Layer[], base: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = ([] as string[]).concat(layer.route.path);
        for (const method of Object.keys(layer.route.methods))
          if (method !== '_all')
            for (const path of paths)
              calls.push(
                `${method.toUpperCase()} ${path === '/' && base ? base : `${base}${path}`}`,
              );
      } else if (layer.handle?.stack) {
        const mount = !layer.rawPath || layer.rawPath === '/' ? '' : layer.rawPath;
        walk(layer.handle.stack, `${base}${mount}`);
      }
    }
  };
  walk((router as unknown as { stack: Layer[] }).stack, prefix);
  return [...new Set(calls)];
}
