import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  checkMessageUsage,
  describeProblem,
  literalsOf,
  repoRoots,
  type UsageRoot,
} from './message-usage.ts';

/** A small tree: files by path, written under a fresh temporary folder. */
function tree(files: Record<string, string | object>): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'message-usage-'));
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(
      path.join(root, file),
      typeof content === 'string' ? content : JSON.stringify(content),
    );
  }
  return root;
}

const MESSAGES = {
  'locales/en.json': { 'order.pay': 'Pay', 'rules.public': 'Public' },
  'locales/cabinet/en.json': { 'cp.facts.speed': 'Speed', 'cp.orders.status.DONE': 'Done' },
  'locales/kept/en.json': { 'rules.loginChange': 'Changing the login voids the guarantee' },
};
const ROOTS: UsageRoot[] = [
  { file: 'client/pages/landing.page.tsx', sets: [] },
  { file: 'client/pages/cabinet.page.tsx', sets: ['cabinet'] },
  { file: 'client/parts/sections.tsx', sets: ['kept'] },
];

describe('message ids the client renders (npm run locales:check)', () => {
  it('names the file and the id a page renders that none of its messages define', () => {
    const root = tree({
      ...MESSAGES,
      'client/pages/landing.page.tsx': `import { Sections } from '../parts/sections.tsx';
        export default () => <FormattedMessage id="order.pay" />;`,
      'client/pages/cabinet.page.tsx': `import { Facts } from '../parts/facts.tsx';
        export default () => <Facts />;`,
      // the kept subtree's texts are not the cabinet's
      'client/parts/facts.tsx': `export function Facts() {
          const intl = useIntl();
          return <ul>
            <li>{intl.formatMessage({ id: 'cp.facts.speed' })}</li>
            <li><FormattedMessage id="rules.public" /></li>
            <li><FormattedMessage id="rules.loginChange" /></li>
            <li>{intl.formatMessage({ id: 'cp.facts.nowhere' })}</li>
          </ul>;
        }`,
      'client/parts/sections.tsx': `const RULES = ['rules.public', 'rules.loginChange'];
        export const Sections = () => RULES.map((id) => <FormattedMessage key={id} id={id} />);`,
    });
    const problems = checkMessageUsage(root, ROOTS);
    expect(problems.map((problem) => [problem.file, problem.id])).toEqual([
      ['client/parts/facts.tsx', 'rules.loginChange'],
      ['client/parts/facts.tsx', 'cp.facts.nowhere'],
    ]);
    expect(describeProblem(problems[0]!)).toBe(
      'client/parts/facts.tsx: rules.loginChange is not in the messages its pages load (locales/en.json, locales/cabinet/en.json)',
    );
  });

  it('passes ids of a list or a condition, a template with a defined start, and leaves other strings', () => {
    const root = tree({
      ...MESSAGES,
      'client/pages/landing.page.tsx': `export default () => null;`,
      'client/pages/cabinet.page.tsx': `import { SAVED } from '../parts/storage.ts';
        // rules.loginChange in a comment is no use
        export default ({ done, status }) => <>
          <FormattedMessage id={done ? 'cp.orders.status.DONE' : 'order.pay'} />
          <FormattedMessage id={\`cp.orders.status.\${status}\`} />
        </>;`,
      // a storage key shaped like an id, given as no id and defined nowhere
      'client/parts/storage.ts': `export const SAVED = 'cp.orders.filter';`,
      'client/parts/sections.tsx': `export const Sections = () => null;`,
    });
    expect(checkMessageUsage(root, ROOTS)).toEqual([]);
  });

  it('flags a template whose fixed start begins no message of the page', () => {
    const root = tree({
      ...MESSAGES,
      'client/pages/landing.page.tsx': `export default ({ s }) => intl.formatMessage({ id: \`cp.orders.status.\${s}\` });`,
      'client/pages/cabinet.page.tsx': `export default () => null;`,
      'client/parts/sections.tsx': `export const Sections = () => null;`,
    });
    expect(checkMessageUsage(root, ROOTS).map((problem) => problem.id)).toEqual([
      'cp.orders.status.…',
    ]);
  });

  it('reads literals past comments, escapes and templates', () => {
    const texts = literalsOf(
      `// 'skipped'\nconst a = 'it\\'s'; /* "skipped" */ const b = \`x.\${'inner'}.y\`; f("z.w");`,
    ).map((literal) => [literal.text, literal.template]);
    expect(texts).toEqual([
      ["it's", false],
      ['x.', true],
      ['z.w', false],
    ]);
  });

  it('finds the repo’s pages, layouts and kept contents, and the repo passes', () => {
    const roots = repoRoots('.');
    expect(roots).toContainEqual({
      file: 'client/pages/cabinet/dashboard/cabinet.page.tsx',
      sets: ['cabinet'],
    });
    expect(roots).toContainEqual({ file: 'client/layouts/staff-layout.tsx', sets: ['staff'] });
    expect(roots).toContainEqual({
      file: 'client/layouts/parts/site-footer-content.tsx',
      sets: ['kept'],
    });
    expect(checkMessageUsage('.', roots).map(describeProblem)).toEqual([]);
  });
});
