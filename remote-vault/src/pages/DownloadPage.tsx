import Result from 'antd/es/result';
import { useTranslation } from 'react-i18next';

export default function DownloadPage() {
  const { t } = useTranslation('vault');
  return <Result status="info" title={t('download.title')} subTitle={t('notYet')} data-testid="download-page" />;
}
