import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Tag from 'antd/es/tag';
import theme from 'antd/es/theme';
import { LikeFilled, LikeOutlined, MessageOutlined, RedoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '@oncodesk/shared/contracts';
import { useThread } from '../state/thread';
import { CitationChips } from './CitationChips';
import { FeedbackModal } from './FeedbackModal';
import { MessageText } from './MessageText';
import { Bubble } from './Bubble';

/** One answer: its text and sources, or the failure with a retry; then useful / feedback / regenerate. */
export function AssistantMessage({ message, patientId, locked }: { message: ChatMessage; patientId: string | null; locked: boolean }) {
  const { t } = useTranslation('chat');
  const { token } = theme.useToken();
  const working = useThread((s) => !!s.working[message.id]);
  const { regenerate, toggleUseful, feedback } = useThread.getState();
  const [asking, setAsking] = useState(false);

  if (message.failed) {
    return (
      <Bubble role="assistant" message={message}>
        <Alert
          type="error"
          showIcon
          title={t('message.failed')}
          action={<Button size="small" loading={working} disabled={locked} onClick={() => void regenerate(message.id)} data-testid="message-retry">{t('message.retry')}</Button>}
        />
      </Bubble>
    );
  }

  return (
    <Bubble role="assistant" message={message} muted={message.declined}>
      <div style={message.declined ? { color: token.colorTextSecondary, fontStyle: 'italic' } : undefined}>
        <MessageText text={message.content} />
      </div>
      <CitationChips citations={message.citations} patientId={patientId} />
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4, alignItems: 'center', marginTop: 6 }}>
        <Button
          size="small"
          type={message.qualified ? 'primary' : 'text'}
          ghost={message.qualified}
          icon={message.qualified ? <LikeFilled /> : <LikeOutlined />}
          aria-pressed={message.qualified}
          data-qualified={message.qualified ? 'true' : 'false'}
          loading={working}
          onClick={() => void toggleUseful(message)}
          data-testid="message-qualify"
        >
          {t('message.useful')}
        </Button>
        <Button size="small" type="text" icon={<MessageOutlined />} onClick={() => setAsking(true)} data-testid="message-feedback">{t('message.feedback')}</Button>
        <Button size="small" type="text" icon={<RedoOutlined />} disabled={locked || working} onClick={() => void regenerate(message.id)} data-testid="message-regenerate">{t('message.regenerate')}</Button>
        {message.feedback && <Tag data-testid="message-feedback-given">{t('message.feedbackGiven', { category: t(`feedback.categories.${message.feedback.category}`) })}</Tag>}
      </div>
      <FeedbackModal open={asking} onSubmit={(category, text) => feedback(message.id, category, text)} onClose={() => setAsking(false)} />
    </Bubble>
  );
}
