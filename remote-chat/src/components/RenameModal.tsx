import { useEffect, useState } from 'react';
import Input from 'antd/es/input';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { AppModal, useBusy } from '@oncodesk/shared/ui';
import { errorText } from '../lib/errors';

/** Asks for a conversation's new title (1 to 120 characters). */
export function RenameModal({ initial, onSubmit, onClose }: { initial: string | null; onSubmit(title: string): Promise<void>; onClose(): void }) {
  const { t } = useTranslation('chat');
  const [title, setTitle] = useState(initial ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, whileBusy] = useBusy();
  useEffect(() => {
    setTitle(initial ?? '');
    setError(null);
  }, [initial]);

  const submit = async () => {
    if (!title.trim()) return setError(t('common:errors.required'));
    await whileBusy(async () => {
      try {
        await onSubmit(title.trim());
        onClose();
      } catch (e) {
        setError(errorText(e));
      }
    });
  };

  return (
    <AppModal
      open={initial !== null}
      size="small"
      title={t('list.renameTitle')}
      okText={t('message.save')}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ 'data-testid': 'chat-rename-ok' } as Record<string, string>}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Input aria-label={t('list.renameLabel')} value={title} maxLength={120} autoFocus onChange={(e) => (setTitle(e.target.value), setError(null))} onPressEnter={() => void submit()} data-testid="chat-rename-input" />
      {error && <Typography.Text type="danger" style={{ display: 'block', marginTop: 6 }}>{error}</Typography.Text>}
    </AppModal>
  );
}
