import type { ReactNode } from 'react';
import Card from 'antd/es/card';
import Typography from 'antd/es/typography';

/** The centred card every signed-out screen sits in. */
export function AuthCard({ title, subtitle, children }: { title: ReactNode; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: '24px 12px' }}>
      <Card style={{ width: '100%', maxWidth: 420 }}>
        <Typography.Title level={2} style={{ marginTop: 0, color: '#5b3cc4' }}>OncoDesk</Typography.Title>
        <Typography.Title level={4} style={{ marginTop: 0 }}>{title}</Typography.Title>
        {subtitle && <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph>}
        {children}
      </Card>
    </div>
  );
}
