// antd and the shell's routes take seconds per test on a loaded 2-core machine (npm test runs two lanes side by side)
module.exports = { ...require('@oncodesk/shared/jest')({ rootDir: __dirname, dom: true }), testTimeout: 60000 };
