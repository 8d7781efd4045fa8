import { useEffect, useState } from 'react';
import Tag from 'antd/es/tag';
import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ChatContext } from '@oncodesk/shared/contracts';
import { patientsApi } from '@oncodesk/shared/api';

/** What the conversation is about: the patient (by name) and the trial, search or option it was opened on. */
export function ContextBar({ patientId, context }: { patientId: string | null; context: ChatContext | null }) {
  const { t } = useTranslation('chat');
  const [name, setName] = useState<string | null>(null);
  useEffect(() => {
    setName(null);
    if (!patientId) return;
    let live = true;
    // the folder's name only labels the page; without it the id is shown
    patientsApi.get(patientId).then(
      (f) => live && setName(f.name),
      () => live && setName(patientId),
    );
    return () => {
      live = false;
    };
  }, [patientId]);

  if (!patientId && !context?.trialId && !context?.searchKey && !context?.recommendationId) return null;
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4, marginBottom: 8 }} data-testid="chat-context">
      {patientId && <Tag icon={<UserOutlined />} color="purple" data-testid="chat-patient">{t('context.patient', { name: name ?? '…' })}</Tag>}
      {context?.trialId && <Tag data-testid="chat-context-trial">{t('context.trial', { id: context.trialId })}</Tag>}
      {context?.searchKey && !context.trialId && <Tag data-testid="chat-context-search">{t('context.search')}</Tag>}
      {context?.recommendationId && <Tag data-testid="chat-context-recommendation">{t('context.recommendation')}</Tag>}
    </div>
  );
}
