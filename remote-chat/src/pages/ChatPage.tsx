import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from '@oncodesk/shared/router';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Result from 'antd/es/result';
import Typography from 'antd/es/typography';
import { MessageOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Chat, ChatContext } from '@oncodesk/shared/contracts';
import { ChatDisclaimer } from '../components/ChatDisclaimer';
import { ContextBar } from '../components/ContextBar';
import { Conversation } from '../components/Conversation';
import { ConversationList } from '../components/ConversationList';
import { contextFromParams, suggestionKey } from '../lib/context';
import { errorText } from '../lib/errors';
import { useIsNarrow } from '@oncodesk/shared/ui';
import { useConversations } from '../state/conversations';
import { useChatSettings } from '../state/settings';
import { useThread } from '../state/thread';

/**
 * The assistant: conversations (all of the user's, or one patient's with ?patientId) beside the open one
 * (/chat/:chatId). Arriving with a context (?trialId, ?searchKey, ?recommendationId from "Ask about this")
 * starts a conversation on it at once, with a suggested question in the composer.
 */
export default function ChatPage() {
  const { t } = useTranslation('chat');
  const { chatId = null } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const narrow = useIsNarrow();
  const listPatient = params.get('patientId');
  const chat = useThread((s) => (s.chat?.id === chatId ? s.chat : null));
  const [drawer, setDrawer] = useState(false);
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<string | null>(null);

  useEffect(() => void useChatSettings.getState().load(), []);
  useEffect(() => void useConversations.getState().load(listPatient), [listPatient]);
  useEffect(() => void useThread.getState().open(chatId), [chatId]);

  // the patient filter stays in the URL while moving between conversations
  const href = (id: string | null, patientId = listPatient) => `/chat${id ? `/${encodeURIComponent(id)}` : ''}${patientId ? `?${new URLSearchParams({ patientId })}` : ''}`;

  const start = async (context?: ChatContext) => {
    setCreating(true);
    setCreateError(null);
    try {
      const created = await useConversations.getState().create(listPatient, context);
      if (context) useThread.getState().setDraft(created.id, t(suggestionKey(context)));
      setDrawer(false);
      // "Ask about this" replaces its entry URL, so Back does not start another conversation
      void navigate(href(created.id), { replace: !!context });
    } catch (e) {
      setCreateError(errorText(e));
    } finally {
      setCreating(false);
    }
  };

  const arrived = useRef<string | null>(null);
  useEffect(() => {
    const context = contextFromParams(params);
    if (!context || arrived.current === params.toString()) return;
    arrived.current = params.toString(); // once per URL, also under StrictMode's double effects
    void start(context);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [params]);

  const open = (c: Chat) => {
    setDrawer(false);
    void navigate(href(c.id));
  };
  const deleted = (c: Chat) => c.id === chatId && navigate(href(null), { replace: true });

  const newButton = (
    <Button type="primary" icon={<PlusOutlined />} loading={creating} onClick={() => void start()} data-testid="chat-new" block={!narrow}>
      {t('list.new')}
    </Button>
  );
  const listHeader = (
    <div style={{ marginBottom: 4 }}>
      <Typography.Text strong>{listPatient ? t('list.patientTitle') : t('list.title')}</Typography.Text>
      {listPatient && (
        <Typography.Link style={{ display: 'block', fontSize: 12 }} onClick={() => navigate(href(chatId, null))} data-testid="chat-list-all">
          {t('list.showAll')}
        </Typography.Link>
      )}
    </div>
  );
  const list = <ConversationList activeId={chatId} onOpen={open} onDeleted={deleted} />;

  return (
    <div className="od-chat" data-testid="chat-page">
      <Typography.Title level={3} style={{ marginTop: 0 }}>{t('title')}</Typography.Title>
      <ChatDisclaimer />
      {createError && <Alert type="error" showIcon title={t('errors.create', { reason: createError })} data-testid="chat-error" style={{ marginBottom: 8 }} />}
      <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
        {!narrow && (
          <aside style={{ flex: '0 0 260px', width: 260 }} data-testid="chat-sidebar">
            <div style={{ marginBottom: 8 }}>{newButton}</div>
            {listHeader}
            {list}
          </aside>
        )}
        <section style={{ flex: 1, minWidth: 0 }}>
          {narrow && (
            <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 8 }}>
              <Button icon={<UnorderedListOutlined />} onClick={() => setDrawer(true)} data-testid="chat-list-open">{t('list.open')}</Button>
              {newButton}
            </div>
          )}
          <ContextBar patientId={chat?.patientId ?? listPatient} context={chat?.context ?? null} />
          {chatId ? (
            <Conversation chatId={chatId} patientId={chat?.patientId ?? listPatient} />
          ) : (
            <Result icon={<MessageOutlined />} title={t('empty.title')} subTitle={t('empty.hint')} data-testid="chat-empty" />
          )}
        </section>
      </div>
      {narrow && (
        <Drawer open={drawer} onClose={() => setDrawer(false)} placement="left" size={300} title={listHeader}>
          {list}
        </Drawer>
      )}
    </div>
  );
}
