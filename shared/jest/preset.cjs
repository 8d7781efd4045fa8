// Jest settings every package shares: swc compiles TypeScript (ts-jest cannot use TypeScript 7),
// workspace packages resolve to their sources, and ESM-only dependencies are compiled too.
const path = require('node:path');

// Packages known to be plain CommonJS are skipped for speed; everything else is compiled, since more and
// more dependencies ship ESM only (Jest on Node 20 cannot require() ES modules).
const commonJs = ['typescript', 'pg', 'pg-[a-z-]+', 'fastify', '@fastify\\+[a-z-]+', 'pino', 'pino-[a-z-]+', 'ajv', 'ajv-[a-z-]+', 'lodash', 'rc-[a-z-]+', '@rc-component\\+[a-z-]+', 'jsdom', 'kysely', 'core-js', 'react-dom', 'react'];

/** @param {{ dom?: boolean, rootDir: string }} options */
module.exports = function preset({ dom = false, rootDir }) {
  return {
    rootDir,
    testEnvironment: dom ? path.join(__dirname, 'jsdom-env.cjs') : 'node',
    testEnvironmentOptions: dom ? { customExportConditions: ['oncodesk-source', 'browser', 'default'] } : { customExportConditions: ['oncodesk-source', 'node', 'default'] },
    transform: {
      '^.+\\.(t|j|mj|cj)sx?$': [
        require.resolve('@swc/jest'),
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    transformIgnorePatterns: [`/node_modules/\\.pnpm/(${commonJs.join('|')})@`],
    moduleNameMapper: {
      // Apps import antd components by ES-module deep path (for federation); under Jest use the CommonJS build.
      '^antd/es/(.*)$': 'antd/lib/$1',
      '\\.(css|less|svg|png)$': path.join(__dirname, 'style-stub.cjs'),
    },
    setupFilesAfterEnv: dom ? [path.join(__dirname, 'setup-dom.cjs')] : [],
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)', '<rootDir>/test/**/*.test.ts?(x)'],
  };
};
