import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import Spin from 'antd/es/spin';
import theme from 'antd/es/theme';
import Typography from 'antd/es/typography';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Chat } from '@oncodesk/shared/contracts';
import { RowList, toast } from '@oncodesk/shared/ui';
import { useConversations } from '../state/conversations';
import { errorText } from '../lib/errors';
import { RenameModal } from './RenameModal';

interface Props {
  activeId: string | null;
  onOpen(chat: Chat): void;
  onDeleted(chat: Chat): void;
}

/** The user's (or one patient's) conversations: open, rename, delete. */
export function ConversationList({ activeId, onOpen, onDeleted }: Props) {
  const { t, i18n } = useTranslation('chat');
  const { token } = theme.useToken();
  const chats = useConversations((s) => s.chats);
  const error = useConversations((s) => s.error);
  const { rename, remove } = useConversations.getState();
  const [renaming, setRenaming] = useState<Chat | null>(null);
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language, { day: 'numeric', month: 'short' });

  return (
    <div>
      {error && <Alert type="warning" showIcon title={t('list.loadFailed', { reason: error })} style={{ marginBottom: 8 }} />}
      {chats === null ? (
        <Spin size="small" data-testid="chat-list-loading" />
      ) : (
        <RowList
          data-testid="chat-list"
          items={chats}
          rowKey={(c) => c.id}
          empty={t('list.empty')}
          rowProps={(c) => ({ 'data-testid': 'chat-item', 'data-chat-id': c.id, 'aria-current': c.id === activeId ? 'true' : undefined })}
          rowStyle={{ display: 'flex', alignItems: 'center', gap: 4 }}
          renderRow={(c) => (
            <>
              <Typography.Link
                onClick={() => onOpen(c)}
                strong={c.id === activeId}
                style={{ flex: 1, minWidth: 0, color: c.id === activeId ? token.colorPrimary : token.colorText }}
                data-testid="chat-open"
              >
                <span style={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} data-testid="chat-title">{c.title || t('list.untitled')}</span>
                <Typography.Text type="secondary" style={{ fontSize: 11 }}>{date(c.updatedAt)}</Typography.Text>
              </Typography.Link>
              <Button size="small" type="text" icon={<EditOutlined />} aria-label={t('list.rename')} title={t('list.rename')} onClick={() => setRenaming(c)} data-testid="chat-rename" />
              <Popconfirm
                title={t('list.deleteConfirm')}
                okText={t('list.delete')}
                cancelText={t('common:actions.cancel')}
                okButtonProps={{ danger: true, ...({ 'data-testid': 'chat-delete-ok' } as Record<string, string>) }}
                onConfirm={() => remove(c.id).then(() => onDeleted(c), (e) => toast.danger(errorText(e)))}
              >
                <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('list.delete')} title={t('list.delete')} data-testid="chat-delete" />
              </Popconfirm>
            </>
          )}
        />
      )}
      <RenameModal initial={renaming ? renaming.title : null} onSubmit={(title) => rename(renaming!.id, title)} onClose={() => setRenaming(null)} />
    </div>
  );
}
