import { Suspense } from 'react';
import { Outlet } from '@oncodesk/shared/router';
import { BetaNotice, DemoNotice, Loading } from '@oncodesk/shared/ui';
import { useAuthStore } from '../state/authStore';
import { Sidebar } from '../components/Sidebar';
import { TopBar } from '../components/TopBar';
import { BetterExperienceModal } from '../components/BetterExperienceModal';

export function SignedInLayout() {
  const isDemo = useAuthStore((s) => s.user?.isDemo ?? false);
  return (
    <div className="od-shell">
      <TopBar />
      <Sidebar />
      <main className="od-main">
        <BetaNotice />
        {isDemo && <DemoNotice />}
        <div className="od-content">
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
      <BetterExperienceModal />
    </div>
  );
}
