/**
 * One set of breakpoints (docs/architecture.md, "Breakpoints"): every `@media` width in the
 * client's stylesheets is a step of the scale, `min-width: <step>px` from a step up and
 * `max-width: <step − 1>px` below it. A width between the steps (a 480 beside a 479, a 1023
 * beside a 991) makes a layout change at a width no other part of the page changes at.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const BREAKPOINTS = [375, 660, 768, 992, 1200, 1440, 1536, 1920] as const;

/**
 * The staff console's stylesheets are moved onto the scale by the console's own work; until
 * then their widths off it are named here, `file: feature width`. An entry whose query is gone
 * fails too, so the list only shrinks.
 */
const WAITING: Record<string, string[]> = {
  'client/pages/staff/staff.module.css': [
    'max-width: 1279px',
    'max-width: 1100px',
    'max-width: 900px',
    'max-width: 520px',
  ],
  'client/features/staff/staff-gate.module.css': ['max-width: 600px'],
};

const root = path.resolve('client');

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(full);
    return entry.name.endsWith('.css') ? [full] : [];
  });
}

/** Each width a stylesheet's `@media` queries test, as `min-width: 660px` (comments left out). */
function mediaWidths(css: string): string[] {
  const code = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const widths: string[] = [];
  for (const [, prelude] of code.matchAll(/@media([^{]*)\{/g)) {
    for (const [, feature, value] of prelude!.matchAll(
      /\b((?:min-|max-)?(?:device-)?width)\s*:\s*([^)\s]+)/g,
    ))
      widths.push(`${feature}: ${value}`);
    // the range form: (width < 660px), (660px <= width)
    for (const [range] of prelude!.matchAll(
      /\([^()]*\bwidth\s*[<>=][^()]*\)|\([^()]*[<>=]\s*width\b[^()]*\)/g,
    ))
      widths.push(range);
  }
  return widths;
}

/** Whether a width is a step of the scale, in this code's one way of writing it. */
function onScale(width: string): boolean {
  const match = /^(min|max)-width: (\d+)px$/.exec(width);
  if (!match) return false;
  const value = Number(match[2]);
  return match[1] === 'min'
    ? (BREAKPOINTS as readonly number[]).includes(value)
    : (BREAKPOINTS as readonly number[]).includes(value + 1);
}

describe('breakpoints', () => {
  it('tells a width on the scale from one off it', () => {
    expect(
      mediaWidths(
        '/* @media (max-width: 10px) { */ @media (min-width: 660px) and (max-width: 991px) { a {} }' +
          ' @media screen and (max-width:480px){} @media (width < 768px) {} @media (max-width: 40em) {}' +
          ' @media (prefers-reduced-motion: reduce) {}',
      ),
    ).toEqual([
      'min-width: 660px',
      'max-width: 991px',
      'max-width: 480px',
      '(width < 768px)',
      'max-width: 40em',
    ]);
    expect(['min-width: 660px', 'max-width: 659px', 'min-width: 1920px'].every(onScale)).toBe(true);
    for (const off of [
      'min-width: 659px',
      'max-width: 660px',
      'max-width: 480px',
      'max-width: 659.98px',
      'max-width: 40em',
      '(width < 768px)',
      'min-device-width: 768px',
    ])
      expect([off, onScale(off)]).toEqual([off, false]);
  });

  it('are the only widths the client’s stylesheets test', () => {
    const off: string[] = [];
    const waiting: string[] = [];
    let seen = 0;
    for (const file of cssFiles(root)) {
      const name = path.relative(path.resolve(), file).split(path.sep).join('/');
      for (const width of mediaWidths(readFileSync(file, 'utf8'))) {
        seen += 1;
        if (onScale(width)) continue;
        if (WAITING[name]?.includes(width)) waiting.push(`${name}: ${width}`);
        else off.push(`${name}: ${width}`);
      }
    }
    expect(off).toEqual([]);
    // every width still waiting is there (a moved one is taken off the list)
    expect(waiting.sort()).toEqual(
      Object.entries(WAITING)
        .flatMap(([name, widths]) => widths.map((width) => `${name}: ${width}`))
        .sort(),
    );
    expect(seen).toBeGreaterThan(30);
  });
});
