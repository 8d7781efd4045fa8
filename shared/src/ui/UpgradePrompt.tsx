import { useEffect, useState } from 'react';
import Empty from 'antd/es/empty';
import Spin from 'antd/es/spin';
import theme from 'antd/es/theme';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { ApiError, bus, useCurrentUser } from '@oncodesk/shared';
import { AppModal } from './modal';
import { RowList } from './RowList';
import { CreditsLine } from './Credits';
import { PlanRequestForm, usePlans } from './PlanRequestForm';

/** True for the API error a search answers when the plan has no credits left. */
export const isOutOfSearches = (error: unknown) => error instanceof ApiError && error.code === 'no_searches_left';

/** Asks the page's UpgradePromptHost to show the prompt (e.g. after a search answered no_searches_left). */
export const showUpgradePrompt = () => bus.emit('plan:upgrade-prompt/v1', {});

/**
 * The "no searches left" prompt: the credits and their renewal date, the plans and their allowances, and
 * the upgrade path — a plan change or a call, stored for the team (beta: no payment is taken).
 */
export function UpgradePrompt({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('common');
  const user = useCurrentUser();
  const plans = usePlans(open);
  const { token } = theme.useToken();
  return (
    <AppModal open={open} onCancel={onClose} size="small" title={t('plans.outTitle')} data-testid="upgrade-prompt" footer={null} destroyOnHidden>
      <div data-testid="upgrade-prompt-body">
        <Typography.Paragraph>{t('plans.outBody')}</Typography.Paragraph>
        {user && (
          <Typography.Paragraph strong>
            <CreditsLine credits={user.plan} testId="upgrade-credits" />
          </Typography.Paragraph>
        )}
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
        <Typography.Title level={5} style={{ marginTop: token.margin }}>{t('plans.requestTitle')}</Typography.Title>
        {user && <PlanRequestForm currentPlanId={user.plan.id} onSent={onClose} />}
      </div>
    </AppModal>
  );
}

/**
 * Mount once per page (the host's shell, or a standalone remote): opens the prompt when an app asks
 * (plan:upgrade-prompt/v1, after a search that needed a credit the user lacks) — never by itself.
 */
export function UpgradePromptHost() {
  const [open, setOpen] = useState(false);
  useEffect(() => bus.on('plan:upgrade-prompt/v1', () => setOpen(true)), []);
  return <UpgradePrompt open={open} onClose={() => setOpen(false)} />;
}
