/**
 * A person who asked their system for less motion (prefers-reduced-motion: reduce, WCAG 2.3.3) gets the apps
 * without antd's transitions and looping animations; everyone else keeps them.
 */
function themeWith(reduce: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
    media: query,
  })) as unknown as typeof window.matchMedia;
  let loaded: typeof import('../src/ui/theme') | undefined;
  jest.isolateModules(() => {
    loaded = require('../src/ui/theme');
  });
  return loaded!.theme;
}

describe('the antd theme and reduced motion', () => {
  it('turns antd motion off when the system asks for reduced motion', () => {
    expect(themeWith(true).token?.motion).toBe(false);
  });
  it('keeps it on otherwise', () => {
    expect(themeWith(false).token?.motion).toBe(true);
  });
});
