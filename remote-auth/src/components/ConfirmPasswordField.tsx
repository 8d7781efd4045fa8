import Input from 'antd/es/input';
import { useTranslation } from 'react-i18next';
import { AuthField } from './AuthForm';

/** Whether the repeated password matches (null while the field is empty). */
export function confirmStateOf(password: string, confirm: string): 'match' | 'mismatch' | null {
  return confirm === '' ? null : confirm === password ? 'match' : 'mismatch';
}

/**
 * The "confirm password" field of sign-up and password reset: says as the user types whether it matches,
 * or shows the form's own error for it (`error`: an error code under `common:errors`).
 */
export function ConfirmPasswordField({ password, value, error, testId, onChange }: { password: string; value: string; error?: string; testId: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('auth');
  const state = confirmStateOf(password, value);
  return (
    <AuthField
      label={t('fields.confirmPassword')}
      validateStatus={error || state === 'mismatch' ? 'error' : state === 'match' ? 'success' : undefined}
      help={error ? t(`common:errors.${error}`) : state ? t(state === 'match' ? 'signup.passwordsMatch' : 'signup.passwordsMismatch') : undefined}
    >
      <Input.Password autoComplete="new-password" value={value} data-testid={testId} onChange={(e) => onChange(e.target.value)} />
    </AuthField>
  );
}
