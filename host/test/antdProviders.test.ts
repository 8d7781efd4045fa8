import { antdProviders } from '../src/mf/antdProviders';

// The build shares exactly these component modules (shared/webpack/config.cjs); the host must provide each.
const { antdComponents } = require('@oncodesk/shared/webpack') as { antdComponents: (appDir: string) => string[] };

test('the host provides every antd component module (or remotes would bundle and load their own)', () => {
  const components = antdComponents(`${__dirname}/..`).sort();
  expect(components.length).toBeGreaterThan(50);
  expect(Object.keys(antdProviders).sort()).toEqual(components);
});
