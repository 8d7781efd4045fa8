import { chromium } from '@playwright/test';
const [url, out, lang] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const [name, viewport] of [['desktop', { width: 1366, height: 900 }], ['mobile', { width: 375, height: 900 }]]) {
  const context = await browser.newContext({ viewport, locale: 'en-US' });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.log(`[${name}] pageerror: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && console.log(`[${name}] console: ${m.text()}`));
  await page.addInitScript((l) => { if (l) localStorage.setItem('oncodesk.language', JSON.stringify(l)); localStorage.setItem('oncodesk.mobileNoticeSeen', 'true'); }, lang);
  await page.goto('http://localhost:8080/login');
  await page.getByTestId('login-email').fill('demo@oncodesk.example');
  await page.getByTestId('login-password').fill('Demo-2026!');
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => u.pathname === '/');
  await page.goto(url);
  await page.waitForTimeout(2500);
  for (const label of ['Got it', 'Ho capito', 'Entendido']) { const b = page.getByRole('button', { name: label }); if (await b.isVisible().catch(() => false)) await b.click(); }
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${out}-${name}.png`, fullPage: name === 'mobile' });
  await context.close();
}
await browser.close();
