import { configure, render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { ReactElement } from 'react';
import { initI18n, registerLocales } from '@oncodesk/shared';
import { useFolderSearchStore } from '../state/folderSearch';
import en from '../locales/en.json';
import es from '../locales/es.json';
import itLocale from '../locales/it.json';

// antd renders slowly in jsdom, more so on a busy machine: give async queries more time.
configure({ asyncUtilTimeout: 5000 });

let ready = false;
export function initTrialsI18n(language: 'en-US' | 'it-IT' = 'en-US') {
  if (!ready) {
    initI18n(language);
    registerLocales('trials', { en, es, it: itLocale });
    ready = true;
  }
}

/** Renders a page at a URL inside a router that knows the wizard's path shape, as a fresh app load (an empty folder store). */
export function renderAt(path: string, pattern: string, element: ReactElement) {
  useFolderSearchStore.setState({ patients: {}, searches: {}, trialMatches: {}, pendingRerun: {}, matchesBefore: {} });
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={pattern} element={element} />
        <Route path="*" element={<div data-testid="navigated" />} />
      </Routes>
    </MemoryRouter>,
  );
}
