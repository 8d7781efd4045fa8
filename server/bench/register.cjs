// Minimal TypeScript loader for benches and CLIs: compiles .ts on require with @swc/core (already a
// dev dependency), and resolves workspace packages (@oncodesk/*) to their TypeScript sources (the
// export condition whose target is a .ts file), so `node -r ./bench/register.cjs file.ts` runs sources.
const Module = require('node:module');
const fs = require('node:fs');
const path = require('node:path');
const { transformSync } = require('@swc/core');

const options = {
  jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};

Module._extensions['.ts'] = function compileTs(module, filename) {
  const source = fs.readFileSync(filename, 'utf8');
  const { code } = transformSync(source, { ...options, filename });
  module._compile(code, filename);
};

const originalResolve = Module._resolveFilename;
Module._resolveFilename = function resolve(request, parent, ...rest) {
  const m = /^(@oncodesk\/[^/]+)(\/.*)?$/.exec(request);
  if (m) {
    try {
      let dir = parent && parent.filename ? path.dirname(parent.filename) : process.cwd();
      let pkgJson;
      for (;;) {
        const candidate = path.join(dir, 'node_modules', m[1], 'package.json');
        if (fs.existsSync(candidate)) {
          pkgJson = candidate;
          break;
        }
        const up = path.dirname(dir);
        if (up === dir) throw new Error('not found');
        dir = up;
      }
      const pkg = JSON.parse(fs.readFileSync(pkgJson, 'utf8'));
      const entry = pkg.exports?.[`.${m[2] ?? ''}`];
      const target = entry && typeof entry === 'object' ? Object.values(entry).find((v) => typeof v === 'string' && v.endsWith('.ts')) : undefined;
      if (target) return path.join(path.dirname(pkgJson), target);
    } catch {
      // fall through to the normal resolution
    }
  }
  return originalResolve.call(this, request, parent, ...rest);
};
