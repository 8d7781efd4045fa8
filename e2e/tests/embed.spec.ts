import { expect, test } from '@playwright/test';
import { appUrl, embedPort } from '../fixtures/paths';

test('a foreign page embeds one remote alone through mount(el, props), and can update and unmount it', async ({ page }) => {
  await page.goto(`http://127.0.0.1:${embedPort}/?app=${encodeURIComponent(appUrl)}&remote=auth&lang=it-IT`);
  await expect(page.locator('body')).toHaveAttribute('data-mounted', 'yes');
  const widget = page.locator('#widget');
  await expect(widget.getByTestId('login-submit')).toHaveText('Accedi');
  await expect(widget.getByTestId('beta-notice')).toBeVisible();
  await expect(page.getByText('Partner portal')).toBeVisible();

  await page.evaluate(() => (window as unknown as { oncodeskWidget: { update(p: object): void } }).oncodeskWidget.update({ language: 'es-ES' }));
  await expect(widget.getByTestId('login-submit')).toHaveText('Iniciar sesión');

  // The embedded form talks to the app's server across origins (CORS): a wrong password gets the real answer.
  await widget.getByTestId('login-email').fill('nobody.embed@example.org');
  await widget.getByTestId('login-password').fill('Secret-123');
  await widget.getByTestId('login-submit').click();
  await expect(widget.getByTestId('login-error')).toHaveText('Correo no válido o cuenta inexistente');

  await page.evaluate(() => (window as unknown as { oncodeskWidget: { unmount(): void } }).oncodeskWidget.unmount());
  await expect(widget.getByTestId('login-submit')).toHaveCount(0);
});
