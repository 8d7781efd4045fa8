import { expect, test } from '@playwright/test';
import { createAccount, password, signIn, signInWithForm, storedKeys, uniqueEmail } from '../fixtures/account';

test.describe('signed out', () => {
  test('the login page shows the beta warning and the demo offer', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (m) => (m.type() === 'warning' || m.type() === 'error') && warnings.push(m.text()));
    await page.goto('/');
    await expect(page.getByTestId('beta-notice')).toContainText('not HIPAA compliant');
    await expect(page.getByTestId('login-submit')).toBeVisible();
    await expect(page.getByTestId('try-demo')).toBeVisible();
    // React Router's "No HydrateFallback element provided" on every load is gone
    expect(warnings.filter((w) => /HydrateFallback/.test(w))).toEqual([]);
  });

  test('sign up through the form lands in the shell with the sidebar', async ({ page }) => {
    const email = uniqueEmail('signup');
    await page.goto('/');
    await page.getByTestId('to-signup').click();
    await expect(page).toHaveURL(/\/signup$/);
    await page.getByTestId('signup-email').fill(email);
    await page.getByTestId('signup-nickname').fill('Grace Hopper');
    await page.getByTestId('signup-password').fill(password);
    await page.getByTestId('signup-confirm').fill('Secret-124');
    await expect(page.getByText('Passwords do not match.')).toBeVisible();
    await page.getByTestId('signup-confirm').fill(password);
    await expect(page.getByText('Passwords match')).toBeVisible();
    await page.getByTestId('signup-submit').click();
    // Sign-up lands on the verification page (mail sent); the user may continue before verifying.
    await page.getByTestId('verification-continue').click();
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await expect(page.getByTestId('profile-menu')).toContainText('Grace Hopper');
    await expect(page.getByTestId('plan-summary')).toContainText('searches left');
  });

  test('sign-up rejects a registered email and weak input with the spec messages', async ({ page }) => {
    const { email } = await createAccount();
    await page.goto('/signup');
    await page.getByTestId('signup-submit').click();
    await expect(page.getByText('This input can not be left empty. Please fill in it').first()).toBeVisible();
    await page.getByTestId('signup-email').fill('not-an-email');
    await page.getByTestId('signup-password').fill(password);
    await page.getByTestId('signup-confirm').fill(password);
    await page.getByTestId('signup-submit').click();
    await expect(page.getByText('Invalid email, please try again')).toBeVisible();
    await page.getByTestId('signup-email').fill(email);
    await page.getByTestId('signup-submit').click();
    await expect(page.getByTestId('signup-error')).toHaveText('This email is already registered, please try with another one.');
  });

  test('sign in with email and password; wrong password and unknown account are told apart', async ({ page }) => {
    const { email } = await createAccount();
    await page.goto('/login');
    await page.getByTestId('login-email').fill(email);
    await page.getByTestId('login-password').fill('Wrong-123');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-error')).toHaveText('Invalid password or email, please try again');
    await page.getByTestId('login-email').fill(uniqueEmail('nobody'));
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-error')).toHaveText('Invalid email or non-existing account');
    await signInWithForm(page, email);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('nav-trials')).toHaveClass(/active/);
  });

  test('unknown paths redirect to the root', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expect(page.getByTestId('login-submit')).toBeVisible();
  });

  test('the login page switches language', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('language-menu').click();
    await page.getByTestId('lang-it-IT').click();
    await expect(page.getByTestId('login-submit')).toHaveText('Accedi');
    await expect(page.getByTestId('beta-notice')).toContainText('non è conforme HIPAA');
  });
});

test.describe('signed in', () => {
  let email: string;
  test.beforeEach(async ({ page }) => {
    ({ email } = await createAccount());
    await signIn(page, email);
  });

  test('the sidebar navigates, expands and minimizes, and remembers its state', async ({ page }) => {
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar).toHaveCSS('width', '242px');
    await page.getByTestId('nav-vault').click();
    await expect(page).toHaveURL(/\/vault$/);
    await expect(page.getByTestId('nav-vault')).toHaveClass(/active/);
    await page.getByTestId('sidebar-toggle').click();
    await expect(sidebar).toHaveCSS('width', '64px');
    await page.reload();
    await expect(page.getByTestId('sidebar')).toHaveCSS('width', '64px');
    await page.getByTestId('sidebar-toggle').click();
    await expect(page.getByTestId('sidebar')).toHaveCSS('width', '242px');
  });

  test('language switch to Italian and Spanish changes visible text and is remembered', async ({ page }) => {
    await expect(page.getByTestId('nav-vault')).toHaveText('My vault');
    await page.getByTestId('language-menu').click();
    await page.getByTestId('lang-it-IT').click();
    await expect(page.getByTestId('nav-vault')).toHaveText('Il mio archivio');
    await expect(page.getByTestId('nav-trials')).toHaveText('Procedura guidata sperimentazioni cliniche');
    // The remote's own page follows the shell's language too.
    await expect(page.getByTestId('trials-page')).toContainText(/cartell/i);
    await page.getByTestId('language-menu').click();
    await page.getByTestId('lang-es-ES').click();
    await expect(page.getByTestId('nav-vault')).toHaveText('Mi bóveda');
    await expect(page.getByTestId('beta-notice')).toContainText('no cumple con HIPAA');
    await page.reload();
    await expect(page.getByTestId('nav-vault')).toHaveText('Mi bóveda');
  });

  test('logout asks first, then clears the session but keeps the language', async ({ page }) => {
    await page.getByTestId('language-menu').click();
    await page.getByTestId('lang-it-IT').click();
    await page.getByTestId('profile-menu').click();
    await page.getByTestId('logout').click();
    await expect(page.getByText('Vuoi uscire?')).toBeVisible();
    await page.getByRole('button', { name: 'Annulla' }).click();
    await expect(page.getByTestId('sidebar')).toBeVisible();
    const jwt = await page.evaluate(() => JSON.parse(localStorage.getItem('oncodesk.jwt') ?? 'null'));
    await page.getByTestId('profile-menu').click();
    await page.getByTestId('logout').click();
    await page.getByTestId('logout-confirm').click();
    await expect(page.getByTestId('login-submit')).toBeVisible();
    expect(await storedKeys(page)).toEqual(['oncodesk.language']);
    // the session ended on the server too: the old token no longer opens anything
    expect((await page.request.get('/api/user', { headers: { authorization: `Bearer ${jwt}` } })).status()).toBe(401);
    await expect(page.getByTestId('login-submit')).toHaveText('Accedi');
  });

  test('unknown paths redirect to the wizard; /auth re-checks the session', async ({ page }) => {
    await page.goto('/definitely/not/here');
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expect(page.getByTestId('nav-trials')).toHaveClass(/active/);
    await page.goto('/auth');
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expect(page.getByTestId('sidebar')).toBeVisible();
  });

  test('a remote that fails to load leaves the shell usable and can be retried', async ({ page }) => {
    await page.route('**/remotes/vault/**', (route) => route.abort());
    await page.goto('/vault');
    await expect(page.getByTestId('remote-unavailable-vault')).toBeVisible();
    await expect(page.getByTestId('remote-unavailable-vault')).toContainText('unavailable');
    await page.getByTestId('nav-trials').click();
    await expect(page.getByTestId('trials-page')).toBeVisible();
    await page.getByTestId('nav-vault').click();
    await expect(page.getByTestId('remote-unavailable-vault')).toBeVisible();
    await page.unroute('**/remotes/vault/**');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByTestId('remote-unavailable-vault')).toHaveCount(0);
    await expect(page.getByTestId('nav-vault')).toHaveClass(/active/);
  });

  test('an expired session sends the user back to sign in with storage cleared', async ({ page }) => {
    await page.evaluate(() => localStorage.setItem('oncodesk.jwt', JSON.stringify('expired.token.value')));
    await page.goto('/vault');
    await expect(page.getByTestId('login-submit')).toBeVisible();
    expect(await storedKeys(page)).not.toContain('oncodesk.jwt');
  });
});

test.describe('mobile, 375px', () => {
  test.use({ viewport: { width: 375, height: 760 }, isMobile: true, hasTouch: true });

  test('top bar with menu and avatar; full-width sidebar; the small-screen tip is remembered', async ({ page }) => {
    const { email } = await createAccount();
    await signIn(page, email);
    await expect(page.getByText('Enhance your experience')).toBeVisible();
    await page.getByTestId('better-experience-ok').click();
    await expect(page.getByTestId('topbar')).toBeVisible();
    await expect(page.getByTestId('user-avatar').first()).toHaveText('AL');
    await expect(page.getByTestId('sidebar')).toBeHidden();
    await page.getByTestId('mobile-menu').click();
    await expect(page.getByTestId('sidebar')).toHaveCSS('width', '375px');
    await page.getByTestId('nav-vault').click();
    await expect(page).toHaveURL(/\/vault$/);
    await expect(page.getByTestId('sidebar')).toBeHidden();
    await page.reload();
    await expect(page.getByTestId('topbar')).toBeVisible();
    await expect(page.getByText('Enhance your experience')).toHaveCount(0);
  });
});
