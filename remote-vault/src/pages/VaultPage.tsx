import Result from 'antd/es/result';
import { FolderOpenOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export default function VaultPage() {
  const { t } = useTranslation('vault');
  return <Result icon={<FolderOpenOutlined />} title={t('title')} subTitle={t('notYet')} data-testid="vault-page" />;
}
