import { useEffect, useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import ColorPicker from 'antd/es/color-picker';
import Descriptions from 'antd/es/descriptions';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { bus, errorKey, serverFieldErrors, storage, useCurrentUser, type PlanRequest, type UserPatchRequest } from '@oncodesk/shared';
import { authApi, plansApi } from '@oncodesk/shared/api';
import { CreditsLine, PlanRequestForm, PlanRequestLine, toast } from '@oncodesk/shared/ui';
import { usersApi } from '../api/auth';
import { Sessions } from '../components/Sessions';
import { DeleteAccount } from '../components/DeleteAccount';

type Editable = 'nickname' | 'username' | 'firstName' | 'lastName';

export default function ProfilePage() {
  const { t } = useTranslation('auth');
  const user = useCurrentUser();
  const [values, setValues] = useState({
    nickname: user?.nickname ?? '',
    username: user?.username ?? '',
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    avatarColor: user?.avatarColor ?? '#5b3cc4',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  const outOfSearches = (user?.plan.searchesLeft ?? 1) <= 0;
  // The upgrade path is on the page, never a prompt opening by itself (it covered the sign-out buttons):
  // the prompt is for a search that needs a credit the user lacks.
  const [requesting, setRequesting] = useState(false);
  const [latestRequest, setLatestRequest] = useState<PlanRequest | null>(null);
  useEffect(() => {
    plansApi.requests().then((r) => setLatestRequest(r.requests[0] ?? null), () => undefined);
  }, []);
  if (!user) return null;

  const save = async () => {
    // Only what changed is sent, so an untouched field (e.g. a nickname derived from the email) stays as it is.
    const ops = (Object.keys(values) as (keyof typeof values)[])
      .filter((key) => values[key] !== ((user[key] as string | null) ?? (key === 'avatarColor' ? '#5b3cc4' : '')))
      .map((key) => ({ op: 'add', path: `/${key}`, value: values[key] === '' ? null : values[key] })) as UserPatchRequest;
    if (ops.length === 0) {
      toast.success(t('profile.saved'));
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const updated = await usersApi.patch(ops);
      storage.set('user', updated);
      storage.set('profileColor', updated.avatarColor);
      bus.emit('user:refresh-requested/v1', {});
      toast.success(t('profile.saved'));
    } catch (error) {
      // Field errors come as "<op index>.value": map them back to the field of that op.
      const fields = serverFieldErrors(error);
      const mapped: Record<string, string> = {};
      for (const [path, code] of Object.entries(fields)) {
        const index = Number(path.split('.')[0]);
        const key = Number.isInteger(index) && ops[index] ? ops[index].path.slice(1) : path;
        mapped[key] = code;
      }
      setErrors(mapped);
      toast.danger(t(`common:${errorKey(error)}`));
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    if (!user.email) return;
    setResending(true);
    try {
      await authApi.resendVerification(user.email);
      toast.success(t('verification.resent', { email: user.email }));
    } catch (error) {
      toast.danger(t(`common:${errorKey(error)}`));
    } finally {
      setResending(false);
    }
  };

  const input = (name: Editable) => (
    <Form.Item label={t(`fields.${name}`)} validateStatus={errors[name] ? 'error' : undefined} help={errors[name] ? t(`common:errors.${errors[name]}`) : undefined}>
      <Input value={values[name]} data-testid={`profile-${name}`} onChange={(e) => setValues({ ...values, [name]: e.target.value })} />
    </Form.Item>
  );

  return (
    <div style={{ maxWidth: 640 }}>
      <Typography.Title level={3}>{t('profile.title')}</Typography.Title>
      <Card>
        <Form layout="vertical" onFinish={save}>
          {input('nickname')}
          {input('username')}
          {input('firstName')}
          {input('lastName')}
          <Form.Item label={t('fields.avatarColor')}>
            <ColorPicker value={values.avatarColor} disabledAlpha onChangeComplete={(c) => setValues({ ...values, avatarColor: c.toHexString() })} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy} data-testid="profile-save">{t('profile.save')}</Button>
        </Form>
      </Card>
      <Card style={{ marginTop: 16 }}>
        <Descriptions column={1} title={t('profile.details')}>
          <Descriptions.Item label={t('fields.email')}>
            <span data-testid="profile-email" style={{ overflowWrap: 'anywhere' }}>{user.email ?? '—'}</span>
            {user.email && (
              // a status word never breaks inside ("Verifi cado"): the tag keeps its words whole and the address may wrap
              <Tag color={user.emailVerified ? 'green' : 'orange'} style={{ marginLeft: 8, whiteSpace: 'nowrap', wordBreak: 'keep-all' }} data-testid="profile-email-status">
                {t(user.emailVerified ? 'profile.verified' : 'profile.unverified')}
              </Tag>
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.walletAddress')}>
            <span data-testid="profile-wallet" style={{ wordBreak: 'break-all' }}>{user.walletAddress ?? '—'}</span>
          </Descriptions.Item>
        </Descriptions>
        {user.email && !user.emailVerified && (
          <Alert
            type="warning"
            showIcon
            title={t('profile.verifyNotice')}
            action={<Button size="small" onClick={resend} loading={resending} disabled={resending} data-testid="profile-resend">{t('verification.resend')}</Button>}
          />
        )}
      </Card>
      <Card style={{ marginTop: 16 }} title={t('profile.plan')}>
        <Typography.Paragraph data-testid="profile-plan">
          <strong>{t('profile.planName', { plan: user.plan.name })}</strong> · <CreditsLine credits={user.plan} testId="profile-credits" />
        </Typography.Paragraph>
        {outOfSearches && <Alert type="warning" showIcon title={t('common:plans.outTitle')} style={{ marginBottom: 12 }} data-testid="profile-out-of-searches" />}
        {latestRequest && (
          <Typography.Paragraph data-testid="profile-plan-request">
            {t('common:plans.latest')}: <PlanRequestLine request={latestRequest} />
          </Typography.Paragraph>
        )}
        {requesting ? (
          <PlanRequestForm
            currentPlanId={user.plan.id}
            onSent={(request) => {
              setLatestRequest(request);
              setRequesting(false);
            }}
          />
        ) : (
          <Button type={outOfSearches ? 'primary' : 'default'} onClick={() => setRequesting(true)} data-testid="profile-upgrade">{t('common:plans.requestTitle')}</Button>
        )}
      </Card>
      <Sessions />
      <DeleteAccount disabled={user.isDemo} />
    </div>
  );
}
