module.exports = require('@oncodesk/shared/jest')({ rootDir: __dirname, dom: true });
