import Alert from 'antd/es/alert';
import { useTranslation } from 'react-i18next';
import { useChatSettings } from '../state/settings';

/**
 * Kept visible on the chat page: where answers come from, that it is not medical advice, and, when a
 * model writes them, where patient data goes (to the endpoint's host, or nowhere for a model run inside the server).
 */
export function ChatDisclaimer() {
  const { t } = useTranslation('chat');
  const settings = useChatSettings((s) => s.settings);
  const model = settings?.engine === 'model' ? settings.model : null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="chat-disclaimer"
      style={{ marginBottom: 12 }}
      title={<span style={{ fontSize: 13 }}>{t('disclaimer')}</span>}
      description={
        model ? (
          <span style={{ fontSize: 12 }} data-testid="chat-model">
            {model.local ? t('modelLocal', { name: model.name }) : t('model', { name: model.name, host: model.host })}
          </span>
        ) : undefined
      }
    />
  );
}
