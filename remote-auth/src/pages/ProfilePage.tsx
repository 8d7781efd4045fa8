import { useState } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import ColorPicker from 'antd/es/color-picker';
import Descriptions from 'antd/es/descriptions';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { bus, errorKey, serverFieldErrors, storage, useCurrentUser, type UserPatchRequest } from '@oncodesk/shared';
import { toast } from '@oncodesk/shared/ui';
import { usersApi } from '../api/auth';

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
  if (!user) return null;

  const save = async () => {
    const ops = (Object.keys(values) as (keyof typeof values)[]).map((key) => ({ op: 'add', path: `/${key}`, value: values[key] === '' ? null : values[key] })) as UserPatchRequest;
    setBusy(true);
    setErrors({});
    try {
      const updated = await usersApi.patch(ops);
      storage.set('user', updated);
      storage.set('profileColor', updated.avatarColor);
      bus.emit('user:refresh-requested/v1', {});
      toast.success(t('profile.saved'));
    } catch (error) {
      const fields = serverFieldErrors(error);
      setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.replace(/^\d+\.value$/, ''), v])));
      toast.danger(t(`common:${errorKey(error)}`));
    } finally {
      setBusy(false);
    }
  };

  const input = (name: 'nickname' | 'username' | 'firstName' | 'lastName') => (
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
          <Descriptions.Item label={t('fields.email')}>{user.email ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('fields.walletAddress')}>{user.walletAddress ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('profile.plan')}>{user.plan.name}</Descriptions.Item>
        </Descriptions>
      </Card>
    </div>
  );
}
