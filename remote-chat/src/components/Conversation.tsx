import Alert from 'antd/es/alert';
import Spin from 'antd/es/spin';
import { useTranslation } from 'react-i18next';
import { useThread } from '../state/thread';
import { Composer } from './Composer';
import { MessageList } from './MessageList';

/** The open conversation: its messages, the last error (above the composer), the composer. */
export function Conversation({ chatId, patientId }: { chatId: string; patientId: string | null }) {
  const { t } = useTranslation('chat');
  // the store may still hold the previous conversation for a render
  const loaded = useThread((s) => s.chatId === chatId && s.messages !== null);
  const loadError = useThread((s) => s.loadError);
  const error = useThread((s) => s.error);

  if (loadError) return <Alert type="warning" showIcon title={t('errors.load', { reason: loadError })} data-testid="chat-error" />;
  if (!loaded) return <Spin data-testid="chat-loading" />;
  return (
    <div data-testid="conversation">
      <MessageList patientId={patientId} />
      {error && <Alert type="error" showIcon closable={{ onClose: () => useThread.getState().clearError() }} title={error} data-testid="chat-error" style={{ marginTop: 8 }} />}
      <Composer chatId={chatId} />
    </div>
  );
}
