import { Suspense } from 'react';
import { Outlet } from '@oncodesk/shared/router';
import { BetaNotice, Loading } from '@oncodesk/shared/ui';
import { LanguageMenu } from '../components/LanguageMenu';

export function SignedOutLayout() {
  return (
    <div className="od-signed-out">
      <BetaNotice />
      <div style={{ display: 'flex', justifyContent: 'flex-end', padding: '8px 16px' }}>
        <LanguageMenu />
      </div>
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
    </div>
  );
}
