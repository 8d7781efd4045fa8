module.exports = {
  ...require('@oncodesk/shared/jest')({ rootDir: __dirname }),
  testTimeout: 30000,
  // the migrated PGlite database every test database on PGlite starts from, made once (test/support/pgliteDump.ts)
  globalSetup: '<rootDir>/test/support/globalSetup.ts',
};
