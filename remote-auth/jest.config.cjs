const preset = require('@oncodesk/shared/jest')({ rootDir: __dirname, dom: true });

module.exports = {
  ...preset,
  setupFiles: [require.resolve('@oncodesk/shared/jest/polyfills')],
  // antd's pages pull @babel/runtime's ESM helpers, which the shared preset skips as CommonJS: compile them.
  transformIgnorePatterns: preset.transformIgnorePatterns.map((p) => p.replace('|@babel\\+[a-z-]+', '')),
  // antd forms typed key by key take seconds on a loaded 2-core machine (npm test runs two lanes side by side)
  testTimeout: 60000,
};
