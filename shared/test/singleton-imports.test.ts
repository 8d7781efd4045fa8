import fs from 'node:fs';
import path from 'node:path';

// react-router is one instance per page only because every app reaches it through the shared facade
// (`@oncodesk/shared/router`, a Module Federation singleton). An app importing 'react-router' itself would
// bundle a second router whose context the host's RouterProvider does not fill: links and hooks break.
const root = path.resolve(__dirname, '..', '..');
const apps = ['host', 'remote-auth', 'remote-vault', 'remote-trials', 'remote-chat', 'shared'];

function sources(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !full.includes(`${path.sep}test${path.sep}`) ? [full] : [];
  });
}

test('app code imports routing from @oncodesk/shared/router, never from react-router directly', () => {
  const files = apps.flatMap((app) => sources(path.join(root, app, 'src')));
  expect(files.length).toBeGreaterThan(50);
  const offenders = files.filter((file) => file !== path.join(root, 'shared', 'src', 'router.ts') && /from ['"]react-router(\/[^'"]*)?['"]/.test(fs.readFileSync(file, 'utf8')));
  expect(offenders.map((f) => path.relative(root, f))).toEqual([]);
});

// The root of @oncodesk/shared is one instance per page (a federation singleton: the API client, bus,
// storage, i18n). Its non-singleton subpaths (api, ui, standalone), bundled into each app, must reach it
// by package name: a relative import would bundle a second copy (a second ApiError class, client, ...).
test('shared subpaths reach the root singleton by package name, not by relative path', () => {
  const singletonModules = /from '\.\.?\/(\.\.\/)*(api\/(client|errors|runtimeConfig)|bus\/eventBus|storage\/keys|i18n|auth|remote|forms|idle)'/;
  const rootModules = ['client.ts', 'errors.ts', 'runtimeConfig.ts']; // api/ files that belong to the root
  const subpaths = ['api', 'ui', 'standalone']
    .flatMap((dir) => sources(path.join(root, 'shared', 'src', dir)))
    .filter((file) => !(file.includes(`${path.sep}api${path.sep}`) && rootModules.includes(path.basename(file))));
  expect(subpaths.length).toBeGreaterThan(10);
  const offenders = subpaths.filter((file) => singletonModules.test(fs.readFileSync(file, 'utf8')));
  expect(offenders.map((f) => path.relative(root, f))).toEqual([]);
});
