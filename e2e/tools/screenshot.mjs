// Developer tool: screenshots of a page at desktop and 375px widths, for looking at what we build.
// Usage: node e2e/tools/screenshot.mjs <url> <out-prefix> [--login email:password]
import { chromium } from '@playwright/test';

const [url, out, ...rest] = process.argv.slice(2);
const loginArg = rest[rest.indexOf('--login') + 1];
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
for (const [name, viewport] of [['desktop', { width: 1366, height: 850 }], ['mobile', { width: 375, height: 760 }]]) {
  const context = await browser.newContext({ viewport, locale: 'en-US' });
  const page = await context.newPage();
  page.on('console', (m) => m.type() === 'error' && console.log(`[${name}] console: ${m.text()}`));
  page.on('pageerror', (e) => console.log(`[${name}] pageerror: ${e.message}`));
  if (rest.includes('--login')) {
    const [email, password] = loginArg.split(':');
    await page.goto(new URL('/login', url).toString());
    await page.getByTestId('login-email').fill(email);
    await page.getByTestId('login-password').fill(password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByTestId('sidebar').waitFor({ state: 'attached' });
  }
  await page.goto(url);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `${out}-${name}.png`, fullPage: false });
  await context.close();
}
await browser.close();
