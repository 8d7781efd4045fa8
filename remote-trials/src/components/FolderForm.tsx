import { useState } from 'react';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Form from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { AppModal, useBusy } from '@oncodesk/shared/ui';
import { type FocusArea } from '@oncodesk/shared';
import { focusAreas } from '@oncodesk/shared/contracts';

export interface FolderFormValue {
  name: string;
  focusArea: FocusArea;
}

/** Create or rename a patient folder (name + focus area). */
export function FolderForm({ open, initial, title, onSubmit, onClose }: { open: boolean; initial?: FolderFormValue; title: string; onSubmit: (v: FolderFormValue) => Promise<void>; onClose: () => void }) {
  const { t } = useTranslation('trials');
  const [name, setName] = useState(initial?.name ?? '');
  const [focusArea, setFocusArea] = useState<FocusArea | undefined>(initial?.focusArea);
  const [busy, whileBusy] = useBusy();
  const [touched, setTouched] = useState(false);
  const nameError = touched && !name.trim() ? t('folders.nameRequired') : name.length > 80 ? t('folders.nameTooLong') : null;
  const submit = async () => {
    setTouched(true);
    if (!name.trim() || name.length > 80 || !focusArea) return;
    await whileBusy(async () => {
      await onSubmit({ name: name.trim(), focusArea });
    });
  };
  return (
    <AppModal open={open} title={title} onCancel={onClose} onOk={submit} okText={t('common.save')} cancelText={t('common.cancel')} confirmLoading={busy} okButtonProps={{ 'data-testid': 'folder-save' } as Record<string, string>} size="small" destroyOnHidden>
      <Form layout="vertical" onFinish={submit}>
        {/* htmlFor ties each label to its input (screen readers announce it; axe checks it) */}
        <Form.Item label={t('folders.name')} htmlFor="folder-form-name" validateStatus={nameError ? 'error' : undefined} help={nameError ?? undefined}>
          <Input id="folder-form-name" value={name} maxLength={81} autoFocus onChange={(e) => setName(e.target.value)} onPressEnter={submit} data-testid="folder-name" placeholder={t('folders.namePlaceholder')} />
        </Form.Item>
        <Form.Item label={t('folders.focusArea')} htmlFor="folder-form-focus" validateStatus={touched && !focusArea ? 'error' : undefined} help={touched && !focusArea ? t('folders.focusRequired') : undefined}>
          <Select
            id="folder-form-focus"
            value={focusArea}
            onChange={setFocusArea}
            data-testid="folder-focus"
            placeholder={t('folders.focusPlaceholder')}
            options={focusAreas.map((f) => ({ value: f, label: <span data-testid={`focus-option-${f}`}>{t(`focus.${f}`)}</span> }))}
          />
        </Form.Item>
        {initial && focusArea && focusArea !== initial.focusArea && <p data-testid="focus-change-warning">{t('folders.focusChangeWarning')}</p>}
      </Form>
    </AppModal>
  );
}
