import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@oncodesk/shared/router';
import { useCurrentUser, type SearchLocation } from '@oncodesk/shared';
import { creditsText, isOutOfSearches, SearchCostNote, toast, UpgradePrompt } from '@oncodesk/shared/ui';
import { runSearch } from '../state/folderSearch';
import { toastError } from '../lib/errors';
import { DisclaimerModal } from './DisclaimerModal';

/**
 * Starting a search: the disclaimer first (once per user), then the search and the results page. The
 * server decides what a search costs (a credit buys a patient's search for a day, other scopes are free),
 * so the upgrade prompt comes from its 402, never from the counter alone. `note` states that cost before
 * the search (the rule and the credits left, shared/ui SearchCostNote): a page puts it beside the button
 * that starts a search.
 */
export function useSearchRunner(patientId: string) {
  const navigate = useNavigate();
  const user = useCurrentUser();
  const [pending, setPending] = useState<SearchLocation | null>(null);
  const [searching, setSearching] = useState(false);
  const [upgrade, setUpgrade] = useState(false);
  const [accepted, setAccepted] = useState(false);
  const { t, i18n } = useTranslation('trials');

  const go = useCallback(
    async (location: SearchLocation) => {
      setSearching(true);
      try {
        const r = await runSearch(patientId, location);
        // the search's cost, through the page's toasts (shell or standalone): whether it took a credit, and
        // the credits left this period with their renewal date as the server counted them
        const cost = t(r.charged === false ? 'search.noCreditUsed' : 'search.creditUsed');
        toast.success(r.credits ? `${cost} ${creditsText(t, r.credits, i18n.language)}` : cost);
        // the folder's store holds the results now: the page showing this search shows them at once
        void navigate(`/clinical-trials/${patientId}/results?search=${encodeURIComponent(r.searchKey)}`);
      } catch (e) {
        if (isOutOfSearches(e)) setUpgrade(true);
        else toastError(e);
      } finally {
        setSearching(false);
      }
    },
    [navigate, patientId, t, i18n],
  );

  const start = useCallback(
    (location: SearchLocation) => {
      if (user && !user.acceptedClinicalTrialsDisclaimer && !accepted) return setPending(location);
      void go(location);
    },
    [accepted, go, user],
  );

  const element = (
    <>
      <DisclaimerModal
        open={!!pending}
        onClose={() => setPending(null)}
        onAccepted={() => {
          const loc = pending!;
          setAccepted(true);
          setPending(null);
          void go(loc);
        }}
      />
      <UpgradePrompt open={upgrade} onClose={() => setUpgrade(false)} />
    </>
  );
  const note = user ? <SearchCostNote credits={user.plan} /> : null;
  return { start, searching, element, note, outOfSearches: !!user && user.plan.searchesLeft <= 0 };
}
