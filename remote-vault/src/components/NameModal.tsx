import { useEffect, useState } from 'react';
import Input from 'antd/es/input';
import Form from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { AppModal, useBusy } from '@oncodesk/shared/ui';
import { ApiError, fieldErrors } from '@oncodesk/shared';
import { VaultName } from '@oncodesk/shared/contracts';

interface Props {
  open: boolean;
  title: string;
  initial?: string;
  okText: string;
  onSubmit(name: string): Promise<void>;
  onClose(): void;
}

/** Asks for a folder or file name, checked with the server's own rules before it is sent. */
export function NameModal({ open, title, initial = '', okText, onSubmit, onClose }: Props) {
  const { t } = useTranslation('vault');
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, whileBusy] = useBusy();
  useEffect(() => {
    if (open) {
      setName(initial);
      setError(null);
    }
  }, [open, initial]);

  const submit = async () => {
    const local = fieldErrors(VaultName, name)[''];
    if (local) return setError(t(`common:errors.${local}`));
    await whileBusy(async () => {
      try {
        await onSubmit(name);
        onClose();
      } catch (e) {
        setError(e instanceof ApiError ? (e.fields[0]?.message ?? e.message) : t('common:errors.internal'));
      }
    });
  };

  return (
    <AppModal open={open} size="small" title={title} okText={okText} cancelText={t('common:actions.cancel')} onOk={submit} onCancel={onClose} confirmLoading={busy} destroyOnHidden okButtonProps={{ 'data-testid': 'name-ok' } as Record<string, string>}>
      <Form layout="vertical" onFinish={submit}>
        <Form.Item label={t('name.label')} validateStatus={error ? 'error' : undefined} help={error ?? t('name.hint')}>
          <Input autoFocus value={name} maxLength={60} data-testid="name-input" onChange={(e) => (setName(e.target.value), setError(null))} onPressEnter={submit} />
        </Form.Item>
      </Form>
    </AppModal>
  );
}
