import Result from 'antd/es/result';
import { MessageOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export default function ChatPage() {
  const { t } = useTranslation('chat');
  return <Result icon={<MessageOutlined />} title={t('title')} subTitle={t('notYet')} data-testid="chat-page" />;
}
