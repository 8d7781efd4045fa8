import { expect, test } from '@playwright/test';
import { createAccount, signInWithForm } from '../fixtures/account';

const languages = {
  'en-US': {
    login: 'Sign in',
    signup: 'Create your account',
    recover: 'Recover your password',
    reset: 'Choose a new password',
    pending: 'Account verification pending',
    weird: 'Something weird happened',
    profile: 'Profile settings',
  },
  'es-ES': {
    login: 'Iniciar sesión',
    signup: 'Cree su cuenta',
    recover: 'Recuperar la contraseña',
    reset: 'Elija una nueva contraseña',
    pending: 'Verificación de la cuenta pendiente',
    weird: 'Algo extraño ha ocurrido',
    profile: 'Ajustes del perfil',
  },
  'it-IT': {
    login: 'Accedi',
    signup: 'Crea il tuo account',
    recover: 'Recupera la password',
    reset: 'Scegli una nuova password',
    pending: "Verifica dell'account in sospeso",
    weird: 'È successo qualcosa di strano',
    profile: 'Impostazioni del profilo',
  },
} as const;

for (const [language, text] of Object.entries(languages)) {
  test(`every account page in ${language}`, async ({ page }) => {
    await page.addInitScript((lang) => localStorage.setItem('oncodesk.language', JSON.stringify(lang)), language);
    const heading = (name: string) => page.getByRole('heading', { name, exact: true });
    await page.goto('/login');
    await expect(heading(text.login)).toBeVisible();
    await page.goto('/signup');
    await expect(heading(text.signup)).toBeVisible();
    await page.goto('/recover-pass');
    await expect(heading(text.recover)).toBeVisible();
    await page.goto(`/recover-pass?token=${'Q'.repeat(43)}`);
    await expect(heading(text.reset)).toBeVisible();
    await page.goto('/verification');
    await expect(heading(text.pending)).toBeVisible();
    await page.goto(`/verification?token=${'Q'.repeat(43)}`);
    await expect(page.getByText(text.weird)).toBeVisible();

    const { email } = await createAccount();
    await signInWithForm(page, email);
    await page.goto('/profile');
    await expect(heading(text.profile)).toBeVisible();
  });
}
