import Button from 'antd/es/button';
import Input from 'antd/es/input';
import { SendOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useThread } from '../state/thread';

/** The question box: Enter sends, Shift+Enter starts a line; Stop while an answer is awaited. */
export function Composer({ chatId }: { chatId: string }) {
  const { t } = useTranslation('chat');
  const draft = useThread((s) => s.drafts[chatId] ?? '');
  const waiting = useThread((s) => !!s.pending);
  const { setDraft, send, stop } = useThread.getState();
  const canSend = !waiting && !!draft.trim();
  const submit = () => canSend && void send(draft);

  return (
    <div style={{ display: 'flex', gap: 8, alignItems: 'flex-end', marginTop: 8 }}>
      <Input.TextArea
        aria-label={t('composer.label')}
        placeholder={t('composer.placeholder')}
        value={draft}
        maxLength={2000}
        autoSize={{ minRows: 2, maxRows: 8 }}
        onChange={(e) => setDraft(chatId, e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            submit();
          }
        }}
        data-testid="composer-input"
        style={{ flex: 1 }}
      />
      {waiting ? (
        <Button danger icon={<StopOutlined />} onClick={stop} data-testid="composer-stop">{t('composer.stop')}</Button>
      ) : (
        <Button type="primary" icon={<SendOutlined />} disabled={!canSend} onClick={submit} data-testid="composer-send">{t('composer.send')}</Button>
      )}
    </div>
  );
}
