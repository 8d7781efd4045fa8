import { useEffect, useRef } from 'react';
import Spin from 'antd/es/spin';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { useThread } from '../state/thread';
import { AssistantMessage } from './AssistantMessage';
import { Bubble } from './Bubble';
import { MessageText } from './MessageText';
import { UserMessage } from './UserMessage';

/** The open conversation's messages, then the question on its way with the answer as it comes. */
export function MessageList({ patientId }: { patientId: string | null }) {
  const { t } = useTranslation('chat');
  const messages = useThread((s) => s.messages) ?? [];
  const pending = useThread((s) => s.pending);
  const end = useRef<HTMLDivElement>(null);
  const locked = !!pending;

  // follow the conversation as it grows (jsdom has no scrollIntoView)
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end', behavior: 'smooth' });
  }, [messages.length, pending?.streamed, pending?.question]);

  return (
    <div data-testid="message-list" aria-live="polite">
      {messages.length === 0 && !pending && <Typography.Paragraph type="secondary" data-testid="chat-no-messages">{t('empty.noMessages')}</Typography.Paragraph>}
      {messages.map((m) =>
        m.role === 'user' ? <UserMessage key={m.id} message={m} locked={locked} /> : <AssistantMessage key={m.id} message={m} patientId={patientId} locked={locked} />,
      )}
      {pending && !pending.stored && (
        <Bubble role="user">
          <MessageText text={pending.question} />
        </Bubble>
      )}
      {pending &&
        (pending.streamed ? (
          <Bubble role="assistant" streaming>
            <MessageText text={pending.streamed} />
          </Bubble>
        ) : (
          <div data-testid="chat-typing" style={{ display: 'flex', alignItems: 'center', gap: 8, margin: '8px 0' }}>
            <Spin size="small" />
            <Typography.Text type="secondary">{pending.queued > 0 ? t('message.queued', { position: pending.queued }) : t('message.typing')}</Typography.Text>
          </div>
        ))}
      <div ref={end} />
    </div>
  );
}
