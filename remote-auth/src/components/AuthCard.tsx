import type { ReactNode } from 'react';
import Typography from 'antd/es/typography';

/** The centred card every signed-out screen sits in. */
export function AuthCard({ title, subtitle, children }: { title: ReactNode; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: '24px 12px' }}>
      {/* A plain panel, not antd Card: Card pulls in Tabs and Menu, the heaviest part of the sign-in page. */}
      <section style={{ width: '100%', maxWidth: 420, background: '#fff', border: '1px solid #ece8f6', borderRadius: 12, padding: 24, boxSizing: 'border-box' }}>
        <Typography.Title level={2} style={{ marginTop: 0, color: '#5b3cc4' }}>OncoDesk</Typography.Title>
        <Typography.Title level={4} style={{ marginTop: 0 }}>{title}</Typography.Title>
        {subtitle && <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph>}
        {children}
      </section>
    </div>
  );
}
