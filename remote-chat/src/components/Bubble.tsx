import type { ReactNode } from 'react';
import theme from 'antd/es/theme';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '@oncodesk/shared/contracts';

/** A message's frame: who wrote it, questions on the right, answers on the left (muted when the sources could not answer). */
export function Bubble({ role, message, muted, streaming, children }: { role: ChatMessage['role']; message?: ChatMessage; muted?: boolean; streaming?: boolean; children: ReactNode }) {
  const { t } = useTranslation('chat');
  const { token } = theme.useToken();
  const user = role === 'user';
  return (
    <div
      data-testid="message"
      data-role={role}
      data-message-id={message?.id}
      data-declined={muted ? 'true' : undefined}
      data-streaming={streaming ? 'true' : undefined}
      style={{ display: 'flex', justifyContent: user ? 'flex-end' : 'flex-start', margin: '8px 0' }}
    >
      <div
        style={{
          maxWidth: 'min(720px, 92%)',
          minWidth: 0,
          padding: '8px 12px',
          borderRadius: token.borderRadiusLG,
          background: user ? token.colorPrimaryBg : muted ? token.colorFillTertiary : token.colorBgContainer,
          border: `1px solid ${user ? token.colorPrimaryBorder : token.colorBorderSecondary}`,
        }}
      >
        <Typography.Text type="secondary" style={{ fontSize: 11, display: 'block' }}>
          {user ? t('message.you') : t('message.assistant')}
          {message?.editedAt && ` · ${t('message.edited')}`}
        </Typography.Text>
        {children}
      </div>
    </div>
  );
}
