/**
 * Refuses an old Node.js in one line before any npm script runs a TypeScript file (an old Node
 * fails far later, with ERR_UNKNOWN_FILE_EXTENSION ".ts"). CommonJS without newer syntax on
 * purpose: it must run on the Node it refuses.
 *
 *   node scripts/check-node.cjs           the shop (start, build, serve, dev, scripts):
 *                                         package.json `engines.node`
 *   node scripts/check-node.cjs --tests   the test suites: TESTS_RANGE
 *
 * A version among the arguments (`node scripts/check-node.cjs 20.20.2`) stands in for this
 * Node's own, for the tests of this script. docs/operations.md says why these versions.
 */
'use strict';

// biome-ignore lint/style/useNodejsImportProtocol: `node:` needs Node 14.18; this runs on any
const fs = require('fs');
// biome-ignore lint/style/useNodejsImportProtocol: as above
const path = require('path');

/**
 * Jest loads the ESM-only packages of the server's code (htmlparser2 through sanitize-html)
 * by require(esm), which it does from Node 24.9 only.
 */
const TESTS_RANGE = '>=24.9.0';

function parse(version) {
  const match = /^v?(\d+)\.(\d+)\.(\d+)/.exec(String(version).trim());
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

function compare(a, b) {
  for (let i = 0; i < 3; i += 1) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
}

/** `^x.y.z` or `>=x.y[.z]` alternatives joined by `||` (the forms engines uses here). */
function satisfies(version, range) {
  const have = parse(version);
  if (!have) return false;
  return range.split('||').some((part) => {
    const match = /^\s*(\^|>=)\s*v?(\d+)(?:\.(\d+))?(?:\.(\d+))?\s*$/.exec(part);
    if (!match) throw new Error(`check-node: cannot read the range "${part.trim()}"`);
    const floor = [Number(match[2]), Number(match[3] || 0), Number(match[4] || 0)];
    if (compare(have, floor) < 0) return false;
    return match[1] === '>=' || have[0] === floor[0];
  });
}

/** The smallest version of each alternative, as people say it: "22.22", "24", "24.9". */
function floorsOf(range) {
  return range.split('||').map((part) => {
    const numbers = part.replace(/[^\d.]/g, '').split('.');
    while (numbers.length > 1 && Number(numbers[numbers.length - 1]) === 0) numbers.pop();
    return numbers.join('.');
  });
}

/** package.json's range and .nvmrc's version (else the range's newest line: the image has none). */
function readRoot() {
  const root = path.join(__dirname, '..');
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const nvmrc = path.join(root, '.nvmrc');
  const floors = floorsOf(pkg.engines.node);
  const recommended = fs.existsSync(nvmrc)
    ? fs.readFileSync(nvmrc, 'utf8').trim().replace(/^v/, '')
    : floors[floors.length - 1].split('.')[0];
  return { engines: pkg.engines.node, recommended };
}

/**
 * Whether `version` runs the shop (`tests`: its test suites): { code: 0 }, or the one line to
 * print and the exit code (1).
 */
function nodeCheck(version, options) {
  const opts = options || {};
  const root = opts.root || readRoot();
  const range = opts.tests ? TESTS_RANGE : root.engines;
  if (satisfies(version, range)) return { code: 0, message: null };
  const recommended = root.recommended;
  // the other lines the range takes, each from its floor: "22.22 or a later 22"
  const others = floorsOf(range)
    .filter((floor) => floor.split('.')[0] !== recommended)
    .map((floor) => `${floor} or a later ${floor.split('.')[0]}`);
  const head = opts.tests
    ? `This shop's tests need Node.js ${floorsOf(range)[0]} or later (see .nvmrc)`
    : `This shop needs Node.js ${recommended} (see .nvmrc${others.length ? `; ${others.join(', ')} also runs it` : ''})`;
  const have = String(version).replace(/^v/, '');
  return {
    code: 1,
    message: `${head}; you have ${have}. Install it with nvm install ${recommended} or from https://nodejs.org`,
  };
}

module.exports = { nodeCheck, satisfies, readRoot, TESTS_RANGE };

if (require.main === module) {
  const args = process.argv.slice(2);
  const given = args.filter((arg) => arg.charAt(0) !== '-')[0];
  const result = nodeCheck(given || process.versions.node, {
    tests: args.indexOf('--tests') !== -1,
  });
  if (result.code) {
    process.stderr.write(`${result.message}\n`);
    process.exit(result.code);
  }
}
