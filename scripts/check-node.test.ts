import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** scripts/check-node.cjs, as npm's scripts run it before anything else (CommonJS). */
const { nodeCheck, readRoot, satisfies } = createRequire(import.meta.url)('./check-node.cjs') as {
  nodeCheck(
    version: string,
    options?: { tests?: boolean; root?: { engines: string; recommended: string } },
  ): { code: number; message: string | null };
  readRoot(): { engines: string; recommended: string };
  satisfies(version: string, range: string): boolean;
};

const NEEDS_24 =
  'This shop needs Node.js 24 (see .nvmrc; 22.22 or a later 22 also runs it); you have 20.20.2. Install it with nvm install 24 or from https://nodejs.org';

describe('the Node.js check before every npm script', () => {
  it('refuses Node 20 in one line naming the version needed and how to get it', () => {
    expect(nodeCheck('20.20.2')).toEqual({ code: 1, message: NEEDS_24 });
    expect(nodeCheck('v20.20.2')).toEqual({ code: 1, message: NEEDS_24 });
  });

  it('takes what package.json’s engines takes: 22.22 on in the 22 line, and 24 on', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
    expect(readRoot()).toEqual({ engines: pkg.engines.node, recommended: '24' });
    for (const version of ['22.22.0', '22.23.3', '24.0.0', '24.21.0', '25.1.0'])
      expect(nodeCheck(version)).toEqual({ code: 0, message: null });
    for (const version of ['18.20.8', '22.13.0', '22.21.1', '23.11.0'])
      expect(nodeCheck(version).code).toBe(1);
  });

  it('asks 24.9 of the test suites (Jest’s require of ESM-only packages)', () => {
    expect(nodeCheck('24.9.0', { tests: true })).toEqual({ code: 0, message: null });
    expect(nodeCheck('22.23.3', { tests: true })).toEqual({
      code: 1,
      message:
        "This shop's tests need Node.js 24.9 or later (see .nvmrc); you have 22.23.3. Install it with nvm install 24 or from https://nodejs.org",
    });
  });

  it('reads the ranges engines uses, and refuses one it cannot read', () => {
    expect(satisfies('22.22.0', '^22.22.0 || >=24')).toBe(true);
    expect(satisfies('23.0.0', '^22.22.0 || >=24')).toBe(false);
    expect(satisfies('not a version', '>=1')).toBe(false);
    expect(() => satisfies('24.0.0', '~24.1')).toThrow('cannot read the range "~24.1"');
  });

  it('exits 1 with the line on stderr when run as a script, and 0 quietly when the Node is good', () => {
    const old = spawnSync(process.execPath, ['scripts/check-node.cjs', '20.20.2'], {
      encoding: 'utf8',
    });
    expect({ status: old.status, stderr: old.stderr, stdout: old.stdout }).toEqual({
      status: 1,
      stderr: `${NEEDS_24}\n`,
      stdout: '',
    });
    const good = spawnSync(process.execPath, ['scripts/check-node.cjs', '--tests'], {
      encoding: 'utf8',
    });
    expect({ status: good.status, stderr: good.stderr }).toEqual({ status: 0, stderr: '' });
  });
});
