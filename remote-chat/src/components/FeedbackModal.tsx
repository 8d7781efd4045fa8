import { useState } from 'react';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { AppModal, toast, useBusy } from '@oncodesk/shared/ui';
import { FeedbackCategory } from '@oncodesk/shared/contracts';
import { errorText } from '../lib/errors';

const CATEGORIES = FeedbackCategory.options;

/** Asks what is wrong with an answer: a category (required, checked here before any call) and optional words. */
export function FeedbackModal({ open, onSubmit, onClose }: { open: boolean; onSubmit(category: FeedbackCategory, text: string): Promise<void>; onClose(): void }) {
  const { t } = useTranslation('chat');
  const [category, setCategory] = useState<FeedbackCategory | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, whileBusy] = useBusy();

  const submit = async () => {
    if (!category) return setError(t('feedback.required'));
    await whileBusy(async () => {
      try {
        await onSubmit(category, text);
        toast.success(t('feedback.thanks'));
        onClose();
      } catch (e) {
        setError(errorText(e));
      }
    });
  };

  return (
    <AppModal
      open={open}
      size="small"
      title={t('feedback.title')}
      okText={t('feedback.submit')}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ 'data-testid': 'feedback-submit' } as Record<string, string>}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph strong style={{ marginBottom: 6 }} id="feedback-category">{t('feedback.category')}</Typography.Paragraph>
      <Radio.Group
        aria-labelledby="feedback-category"
        value={category}
        onChange={(e) => (setCategory(e.target.value as FeedbackCategory), setError(null))}
        style={{ display: 'flex', flexDirection: 'column', gap: 4, marginBottom: 12 }}
      >
        {CATEGORIES.map((c) => (
          <Radio key={c} value={c} data-testid={`feedback-category-${c}`}>{t(`feedback.categories.${c}`)}</Radio>
        ))}
      </Radio.Group>
      <Input.TextArea aria-label={t('feedback.text')} placeholder={t('feedback.text')} value={text} maxLength={1000} autoSize={{ minRows: 2, maxRows: 6 }} onChange={(e) => setText(e.target.value)} data-testid="feedback-text" />
      {error && <Typography.Text type="danger" role="alert" style={{ display: 'block', marginTop: 8 }} data-testid="feedback-error">{error}</Typography.Text>}
    </AppModal>
  );
}
