import { Suspense } from 'react';
import { Outlet } from '@oncodesk/shared/router';
import { BetaNotice, DemoNotice, Loading } from '@oncodesk/shared/ui';
import { useAuthStore } from '../state/authStore';
import { Sidebar } from '../components/Sidebar';
import { TopBar } from '../components/TopBar';
import { BetterExperienceModal } from '../components/BetterExperienceModal';
import { VerifyEmailNotice } from '../components/VerifyEmailNotice';

export function SignedInLayout() {
  const isDemo = useAuthStore((s) => s.user?.isDemo ?? false);
  // primitives only: a selector returning a new object would re-render for ever
  const unverified = useAuthStore((s) => !!s.user && !s.user.emailVerified && !s.user.isDemo);
  const email = useAuthStore((s) => s.user?.email ?? null);
  return (
    <div className="od-shell">
      <TopBar />
      <Sidebar />
      <main className="od-main">
        <BetaNotice />
        {isDemo && <DemoNotice />}
        {unverified && <VerifyEmailNotice email={email} />}
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
