const preset = require('@oncodesk/shared/jest')({ rootDir: __dirname, dom: true });

module.exports = {
  ...preset,
  // antd's pages pull @babel/runtime's ESM helpers, which the shared preset skips as CommonJS: compile them.
  transformIgnorePatterns: preset.transformIgnorePatterns.map((p) => p.replace('|@babel\\+[a-z-]+', '')),
  // antd modals are slow to render under jsdom on a busy two-core machine.
  testTimeout: 60000,
};
