import { useState } from 'react';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '@oncodesk/shared/contracts';
import { isLocal, useThread } from '../state/thread';
import { Bubble } from './Bubble';
import { MessageText } from './MessageText';

/** One question, editable in place: saving asks again and the new answer replaces the old one. */
export function UserMessage({ message, locked }: { message: ChatMessage; locked: boolean }) {
  const { t } = useTranslation('chat');
  const working = useThread((s) => !!s.working[message.id]);
  const [editing, setEditing] = useState<string | null>(null);

  const save = async () => {
    if (editing === null || !editing.trim()) return;
    if (await useThread.getState().edit(message.id, editing)) setEditing(null);
  };

  return (
    <Bubble role="user" message={message}>
      {editing === null ? (
        <>
          <MessageText text={message.content} />
          {!isLocal(message) && (
            <div style={{ textAlign: 'right' }}>
              <Button size="small" type="text" icon={<EditOutlined />} disabled={locked} onClick={() => setEditing(message.content)} data-testid="message-edit">{t('message.edit')}</Button>
            </div>
          )}
        </>
      ) : (
        <div style={{ minWidth: 'min(480px, 70vw)' }}>
          <Input.TextArea aria-label={t('message.editLabel')} value={editing} maxLength={2000} autoSize={{ minRows: 2, maxRows: 8 }} onChange={(e) => setEditing(e.target.value)} data-testid="message-edit-input" autoFocus />
          <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 4, marginTop: 6 }}>
            <Button size="small" onClick={() => setEditing(null)} disabled={working} data-testid="message-edit-cancel">{t('message.cancel')}</Button>
            <Button size="small" type="primary" loading={working} disabled={!editing.trim() || locked} onClick={() => void save()} data-testid="message-edit-save">{t('message.save')}</Button>
          </div>
        </div>
      )}
    </Bubble>
  );
}
