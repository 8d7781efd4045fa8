import { useEffect, useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { CreatePlanRequest, type Plan, type PlanRequest, type PlanRequestKind } from '../contracts/plans';
import { errorKey, fieldErrors, serverFieldErrors } from '@oncodesk/shared';
import { plansApi } from '@oncodesk/shared/api';
import { toast } from './toast';
import { longDate } from './Credits';

/** The plans on offer, loaded once `enabled` (a prompt that is open, a form that is shown). */
export function usePlans(enabled = true): Plan[] | null {
  const [plans, setPlans] = useState<Plan[] | null>(null);
  useEffect(() => {
    if (enabled && !plans)
      plansApi.list().then(
        (r) => setPlans(r.plans),
        () => setPlans([]),
      );
  }, [enabled, plans]);
  return plans;
}

/** "Change to the Pro plan · sent on 27 November 2026 · Received": a stored request as the user reads it. */
export function PlanRequestLine({ request }: { request: PlanRequest }) {
  const { t, i18n } = useTranslation('common');
  const what = request.kind === 'upgrade' ? t('plans.whatUpgrade', { plan: request.planName ?? request.planId }) : t('plans.whatCall');
  return (
    <span data-testid="plan-request-line" data-state={request.state}>
      {t('plans.requestLine', { what, date: longDate(request.createdAt, i18n.language), state: t(`plans.state.${request.state}`) })}
    </span>
  );
}

type Values = { kind: PlanRequestKind; planId?: string; phone?: string; message?: string };

/**
 * The upgrade path: a plan change or a call, stored for the team (POST /plans/requests). Beta: the team
 * applies a plan change, no payment is taken — the form says so. Checked with the server's own contract
 * first; the server's field errors show under their fields.
 */
export function PlanRequestForm({
  currentPlanId,
  initialKind = 'upgrade',
  onSent,
}: {
  currentPlanId: string;
  initialKind?: PlanRequestKind;
  onSent?: (request: PlanRequest) => void;
}) {
  const { t } = useTranslation('common');
  const plans = usePlans();
  const [values, setValues] = useState<Values>({ kind: initialKind });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const others = (plans ?? []).filter((p) => p.id !== currentPlanId);

  const send = async () => {
    // empty optional fields are left out, so "" never reads as a bad phone number
    const body = Object.fromEntries(
      Object.entries({ ...values, planId: values.kind === 'upgrade' ? values.planId : undefined }).filter(([, v]) => v !== undefined && v !== ''),
    ) as Values;
    const local = fieldErrors(CreatePlanRequest, body);
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      const created = await plansApi.request(body);
      toast.success(t('plans.sent'));
      setValues({ kind: values.kind });
      onSent?.(created);
    } catch (error) {
      setErrors(serverFieldErrors(error));
      toast.danger(t(errorKey(error)));
    } finally {
      setBusy(false);
    }
  };

  const item = (name: keyof Values) => ({
    validateStatus: errors[name] ? ('error' as const) : undefined,
    help: errors[name] ? t(`errors.${errors[name]}`) : undefined,
  });

  return (
    <Form layout="vertical" name="plan-request" onFinish={send} data-testid="plan-request-form" requiredMark={false}>
      <Alert type="info" showIcon title={t('plans.beta')} style={{ marginBottom: 12 }} data-testid="plan-request-beta" />
      <Form.Item label={t('plans.kind')} htmlFor="plan-request-kind">
        <Radio.Group
          id="plan-request-kind"
          value={values.kind}
          onChange={(e) => setValues({ ...values, kind: e.target.value })}
          data-testid="plan-request-kind"
        >
          <Radio value="upgrade" data-testid="plan-request-kind-upgrade">
            {t('plans.kindUpgrade')}
          </Radio>
          <Radio value="call" data-testid="plan-request-kind-call">
            {t('plans.kindCall')}
          </Radio>
        </Radio.Group>
      </Form.Item>
      {values.kind === 'upgrade' && (
        <Form.Item label={t('plans.plan')} htmlFor="plan-request-plan" {...item('planId')}>
          <Select
            id="plan-request-plan"
            value={values.planId}
            loading={!plans}
            onChange={(planId: string) => setValues({ ...values, planId })}
            options={others.map((p) => ({ value: p.id, label: `${p.name} · ${t('plans.perPeriod', { count: p.searchesPerPeriod })}` }))}
            data-testid="plan-request-plan"
          />
        </Form.Item>
      )}
      <Form.Item label={t('plans.phone')} htmlFor="plan-request-phone" {...item('phone')}>
        <Input
          id="plan-request-phone"
          type="tel"
          autoComplete="tel"
          value={values.phone ?? ''}
          onChange={(e) => setValues({ ...values, phone: e.target.value })}
          data-testid="plan-request-phone"
        />
      </Form.Item>
      <Form.Item label={t('plans.message')} htmlFor="plan-request-message" {...item('message')}>
        <Input.TextArea
          id="plan-request-message"
          rows={2}
          maxLength={1000}
          value={values.message ?? ''}
          onChange={(e) => setValues({ ...values, message: e.target.value })}
          data-testid="plan-request-message"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy} data-testid="plan-request-send">
        {t('plans.send')}
      </Button>
    </Form>
  );
}
