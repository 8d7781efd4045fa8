import type { ReactNode } from 'react';

// Headings styled as antd Typography's (level 2 and 4) without its code: Typography brings Tooltip and
// its positioning engine for ellipsis, which the sign-in page never uses.
const heading = { marginTop: 0, marginBottom: '0.5em', fontWeight: 600, lineHeight: 1.35, color: 'rgba(0,0,0,0.88)' } as const;

/** The centred card every signed-out screen sits in. */
export function AuthCard({ title, subtitle, children }: { title: ReactNode; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: '24px 12px' }}>
      {/* A plain panel, not antd Card: Card pulls in Tabs and Menu, the heaviest part of the sign-in page. */}
      <section style={{ width: '100%', maxWidth: 420, background: '#fff', border: '1px solid #ece8f6', borderRadius: 12, padding: 24, boxSizing: 'border-box' }}>
        <p style={{ ...heading, fontSize: 30, lineHeight: 1.2667, color: '#5b3cc4' }}>OncoDesk</p>
        <h1 style={{ ...heading, fontSize: 20, lineHeight: 1.4 }}>{title}</h1>
        {subtitle && <p style={{ marginTop: 0, marginBottom: '1em', fontSize: 14, lineHeight: 1.5714, color: 'rgba(0,0,0,0.45)' }}>{subtitle}</p>}
        {children}
      </section>
    </div>
  );
}
