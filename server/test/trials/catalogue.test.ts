/** What the first start imports from the reference data: real trial records, never the CTML engine fixtures. */
import path from 'node:path';
import { catalogueFile, importDirectory } from '../../src/trials/importers';
import { TRIALS_DIR } from './helpers';

describe('the product catalogue', () => {
  it('leaves out MatchMiner\'s CTML test fixtures ("CTML protocol 10-00x", arms "ALWAYS CLOSED")', () => {
    expect(catalogueFile(path.join(TRIALS_DIR, 'ctml', 'integration_trials', '10-001.json'))).toBe(false);
    expect(catalogueFile(path.join(TRIALS_DIR, 'ctgov-xml', 'NCT00256880.xml'))).toBe(true);
    const ctml = importDirectory(path.join(TRIALS_DIR, 'ctml'), catalogueFile);
    expect(ctml.files).toBe(0);
    expect(ctml.trials).toEqual([]);
  });
});
