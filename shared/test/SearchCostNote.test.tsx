import '@testing-library/jest-dom';
import { act, render, screen } from '@testing-library/react';
import { changeLanguage, initI18n } from '../src/i18n';
import { SearchCostNote } from '../src/ui/Credits';

const credits = (searchesLeft: number) => ({
  searchesLeft,
  searchesPerPeriod: 10,
  periodStart: '2026-11-01T00:00:00.000Z',
  renewsAt: '2026-12-01T00:00:00.000Z',
});

describe('SearchCostNote (the cost of a search, before it runs)', () => {
  beforeAll(() => initI18n('en-US'));
  afterEach(() => act(() => changeLanguage('en-US')));

  it('states the rule for this search (1 credit, free again with the same answers within 24 hours, changed answers a new credit) and the credits left with their renewal', () => {
    render(<SearchCostNote credits={credits(3)} />);
    expect(screen.getByTestId('search-cost-rule')).toHaveTextContent(
      'This search uses 1 credit, unless this patient was already searched with the same answers in the last 24 hours: then it is free, in any area. Changed answers use a new credit.',
    );
    expect(screen.getByTestId('search-cost-credits')).toHaveTextContent('3 of 10 searches left this period · renews on December 1, 2026.');
  });

  it('with no search left, says only a free repeat can run', () => {
    render(<SearchCostNote credits={credits(0)} />);
    expect(screen.getByTestId('search-cost-rule')).toHaveTextContent(
      'No searches left this period: only a patient already searched with the same answers in the last 24 hours can be searched again (free).',
    );
    expect(screen.getByTestId('search-cost-credits')).toHaveTextContent('0 of 10 searches left');
  });

  it('in Spanish and Italian', () => {
    act(() => changeLanguage('es-ES'));
    const { unmount } = render(<SearchCostNote credits={credits(3)} />);
    expect(screen.getByTestId('search-cost-rule')).toHaveTextContent(
      /^Esta búsqueda usa 1 crédito, salvo que este paciente ya se haya buscado con las mismas respuestas en las últimas 24 horas/,
    );
    expect(screen.getByTestId('search-cost-credits')).toHaveTextContent(
      '3 de 10 búsquedas disponibles en este periodo · se renueva el 1 de diciembre de 2026.',
    );
    unmount();
    act(() => changeLanguage('it-IT'));
    render(<SearchCostNote credits={credits(1)} />);
    expect(screen.getByTestId('search-cost-rule')).toHaveTextContent(
      /^Questa ricerca usa 1 credito, a meno che questo paziente non sia già stato cercato con le stesse risposte nelle ultime 24 ore/,
    );
    expect(screen.getByTestId('search-cost-credits')).toHaveTextContent('1 di 10 ricerche disponibili in questo periodo · si rinnova il 1 dicembre 2026.');
  });
});
