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
