import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { useRouteError } from '@oncodesk/shared/router';
import { useTranslation } from 'react-i18next';

/** Route error element: the spec's "Unexpected Application Error!" with the error's message. */
export function ErrorPage() {
  const { t } = useTranslation('shell');
  const error = useRouteError();
  const detail = error instanceof Error ? error.message : typeof error === 'object' && error && 'statusText' in error ? String((error as { statusText: unknown }).statusText) : '';
  return (
    <Result
      status="error"
      title={<span data-testid="error-page">{t('error.title')}</span>}
      subTitle={detail}
      extra={<Button type="primary" onClick={() => window.location.assign('/')}>{t('error.home')}</Button>}
    />
  );
}
