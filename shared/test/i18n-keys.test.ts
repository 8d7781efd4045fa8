import fs from 'node:fs';
import path from 'node:path';

/**
 * Every user-facing string exists in en, es and it: each package's locale files must have the same keys,
 * no empty strings and the same {{placeholders}}; and every literal key the code passes to t() must exist.
 */
const root = path.resolve(__dirname, '..', '..');
const localeDirs: Record<string, { dir: string; namespace: string }> = {
  shared: { dir: 'shared/src/i18n/locales', namespace: 'common' },
  host: { dir: 'host/src/locales', namespace: 'shell' },
  'remote-auth': { dir: 'remote-auth/src/locales', namespace: 'auth' },
  'remote-vault': { dir: 'remote-vault/src/locales', namespace: 'vault' },
  'remote-trials': { dir: 'remote-trials/src/locales', namespace: 'trials' },
  'remote-chat': { dir: 'remote-chat/src/locales', namespace: 'chat' },
};
const languages = ['en', 'es', 'it'] as const;

type Tree = { [key: string]: string | Tree };
function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[full] = value;
    else Object.assign(out, flatten(value, full));
  }
  return out;
}
const load = (dir: string, lang: string) => flatten(JSON.parse(fs.readFileSync(path.join(root, dir, `${lang}.json`), 'utf8')));
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
// i18next plural keys (x_one, x_other) are looked up as "x".
const baseKey = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

const bundles = Object.fromEntries(
  Object.entries(localeDirs).map(([pkg, { dir, namespace }]) => [namespace, Object.fromEntries(languages.map((l) => [l, load(dir, l)]))]),
) as Record<string, Record<(typeof languages)[number], Record<string, string>>>;

describe.each(Object.entries(localeDirs))('%s locales', (_pkg, { namespace }) => {
  const en = bundles[namespace].en;
  it.each(['es', 'it'] as const)('%s has exactly the keys of en', (lang) => {
    const other = bundles[namespace][lang];
    expect(Object.keys(other).filter((k) => !(k in en))).toEqual([]);
    expect(Object.keys(en).filter((k) => !(k in other))).toEqual([]);
  });
  it.each(languages)('%s has no empty strings and the same placeholders as en', (lang) => {
    for (const [key, text] of Object.entries(bundles[namespace][lang])) {
      expect({ key, empty: text.trim() === '' }).toEqual({ key, empty: false });
      expect({ key, placeholders: placeholders(text) }).toEqual({ key, placeholders: placeholders(en[key]) });
    }
  });
});

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(full, out);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(full);
  }
  return out;
}

describe('keys used in the code', () => {
  const missing: string[] = [];
  for (const pkg of Object.keys(localeDirs)) {
    for (const file of sourceFiles(path.join(root, pkg, 'src'))) {
      const text = fs.readFileSync(file, 'utf8');
      const ns = /useTranslation\(\s*'([\w-]+)'/.exec(text)?.[1] ?? 'common';
      for (const match of text.matchAll(/\bt\(\s*'([\w.:-]+)'/g)) {
        const [namespace, key] = match[1].includes(':') ? match[1].split(':') : [ns, match[1]];
        const en = bundles[namespace]?.en;
        const exists = en && Object.keys(en).some((k) => k === key || baseKey(k) === key);
        if (!exists) missing.push(`${path.relative(root, file)}: ${namespace}:${key}`);
      }
    }
  }
  it('all exist in the English bundle of their namespace', () => {
    expect(missing).toEqual([]);
  });
});
