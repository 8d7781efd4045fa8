// Lets plain `node` run the TypeScript bench scripts: compiles .ts files (server and workspace sources)
// with @swc/core on require. Use with `node --conditions=source -r ./bench/register.cjs bench/<name>.ts`.
const Module = require('node:module');
const fs = require('node:fs');
const { transformSync } = require('@swc/core');

Module._extensions['.ts'] = function compileTs(module, filename) {
  const { code } = transformSync(fs.readFileSync(filename, 'utf8'), {
    filename,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  });
  module._compile(code, filename);
};
