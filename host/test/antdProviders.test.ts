import fs from 'node:fs';
import path from 'node:path';
import { antdProviders } from '../src/mf/antdProviders';

test('the host provides every antd component module (or remotes would bundle and load their own)', () => {
  const es = path.join(path.dirname(require.resolve('antd/package.json')), 'es');
  const components = fs
    .readdirSync(es, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !d.name.startsWith('_') && !['style', 'locale', 'version'].includes(d.name))
    .filter((d) => fs.existsSync(path.join(es, d.name, 'index.js')))
    .map((d) => d.name)
    .sort();
  expect(Object.keys(antdProviders).sort()).toEqual(components);
});
