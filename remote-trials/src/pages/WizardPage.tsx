import Result from 'antd/es/result';
import { ExperimentOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export default function WizardPage() {
  const { t } = useTranslation('trials');
  return <Result icon={<ExperimentOutlined />} title={t('title')} subTitle={t('notYet')} data-testid="trials-page" />;
}
