/** Jest runs the TypeScript sources as native ES modules, transformed by SWC. */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true, importAttributes: true },
      transform: { react: { runtime: 'automatic' } },
      experimental: { keepImportAttributes: true },
      target: 'es2022',
    },
    module: { type: 'es6' },
  },
];

export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.tsx?$': swc },
  moduleNameMapper: {
    '\\.module\\.css$': '<rootDir>/tests/support/css-module.js',
    '\\.css$': '<rootDir>/tests/support/empty-module.js',
  },
  testMatch: ['<rootDir>/{shared,client,server,build,scripts,tests}/**/*.test.{ts,tsx}'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/tests/e2e/'],
  testTimeout: 20000,
};
