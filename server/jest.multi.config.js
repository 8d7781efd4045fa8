// The multi-instance test (multi/): production server processes behind HAProxy on PostgreSQL and S3; and
// the rolling-upgrade test: the previous release and this one on one PostgreSQL while this one migrates it.
// Run by `npm test` after the build when PostgreSQL is reachable; alone: npx jest -c jest.multi.config.js
module.exports = {
  ...require('@oncodesk/shared/jest')({ rootDir: __dirname }),
  testMatch: ['<rootDir>/multi/**/*.test.ts'],
  testTimeout: 600000,
};
