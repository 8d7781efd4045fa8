import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { useTranslation } from 'react-i18next';

/** The translated "this part is unavailable, retry" panel shown in place of a remote that failed. */
export function RemoteUnavailable({ name, onRetry }: { name: string; onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Result
      status="warning"
      data-testid={`remote-unavailable-${name}`}
      title={t('remote.unavailable')}
      subTitle={t('remote.unavailableHint')}
      extra={<Button type="primary" onClick={onRetry}>{t('actions.retry')}</Button>}
    />
  );
}
