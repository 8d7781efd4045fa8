module.exports = {
  ...require('@oncodesk/shared/jest')({ rootDir: __dirname }),
  testTimeout: 30000,
};
