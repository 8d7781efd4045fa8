import { useEffect, useState } from 'react';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Spin from 'antd/es/spin';
import theme from 'antd/es/theme';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { SALES_CONTACT, type Plan } from '../contracts/plans';
import { ApiError, bus } from '@oncodesk/shared';
import { plansApi } from '../api/endpoints';
import { AppModal } from './modal';
import { RowList } from './RowList';

/** True for the API error a search answers when the plan has no credits left. */
export const isOutOfSearches = (error: unknown) => error instanceof ApiError && error.code === 'no_searches_left';

/** Asks the page's UpgradePromptHost to show the prompt (e.g. after a search answered no_searches_left). */
export const showUpgradePrompt = () => bus.emit('plan:upgrade-prompt/v1', {});

/**
 * The "no searches left" prompt: the plans and their allowances, with an upgrade request and a
 * schedule-a-call link (both reach the team by mail until self-service billing exists).
 */
export function UpgradePrompt({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('common');
  const [plans, setPlans] = useState<Plan[] | null>(null);
  const { token } = theme.useToken();
  useEffect(() => {
    if (open && !plans) plansApi.list().then((r) => setPlans(r.plans), () => setPlans([]));
  }, [open, plans]);
  return (
    <AppModal
      open={open}
      onCancel={onClose}
      size="small"
      title={t('plans.outTitle')}
      data-testid="upgrade-prompt"
      footer={[
        <Button key="call" href={`${SALES_CONTACT}%20(call)`} data-testid="upgrade-call">{t('plans.scheduleCall')}</Button>,
        <Button key="upgrade" type="primary" href={SALES_CONTACT} data-testid="upgrade-request">{t('plans.upgrade')}</Button>,
      ]}
    >
      <div data-testid="upgrade-prompt-body">
        <Typography.Paragraph>{t('plans.outBody')}</Typography.Paragraph>
        {!plans ? (
          <Spin style={{ display: 'block', margin: token.margin }} />
        ) : (
          <RowList
            items={plans}
            rowKey={(plan) => plan.id}
            size="small"
            empty={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
            rowStyle={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', columnGap: token.margin }}
            renderRow={(plan) => (
              <>
                <strong>{plan.name}</strong>
                <span>{t('plans.perPeriod', { count: plan.searchesPerPeriod })}</span>
              </>
            )}
          />
        )}
      </div>
    </AppModal>
  );
}

/**
 * Mount once per page (the host's shell, or a standalone remote): opens the prompt when any app asks
 * (plan:upgrade-prompt/v1) or when a search spends the last credit (plan:searches-changed/v1 with 0).
 */
export function UpgradePromptHost() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const offAsk = bus.on('plan:upgrade-prompt/v1', () => setOpen(true));
    const offSpent = bus.on('plan:searches-changed/v1', ({ searchesLeft }) => searchesLeft <= 0 && setOpen(true));
    return () => {
      offAsk();
      offSpent();
    };
  }, []);
  return <UpgradePrompt open={open} onClose={() => setOpen(false)} />;
}
