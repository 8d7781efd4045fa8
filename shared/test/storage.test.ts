import { storage } from '../src/storage/keys';

beforeEach(() => localStorage.clear());

describe('local storage keys', () => {
  it('returns the spec defaults when nothing is stored', () => {
    expect(storage.get('vaultViewType')).toBe('mosaic');
    expect(storage.get('expandedStatus')).toBe(true);
    expect(storage.get('language')).toBe('en-US');
    expect(storage.get('jwt')).toBeNull();
  });

  it('round-trips values as JSON under one prefix', () => {
    storage.set('vaultViewType', 'list');
    storage.set('expandedStatus', false);
    expect(storage.get('vaultViewType')).toBe('list');
    expect(storage.get('expandedStatus')).toBe(false);
    expect(localStorage.getItem('oncodesk.vaultViewType')).toBe('"list"');
  });

  it('falls back to the default on a corrupt value', () => {
    localStorage.setItem('oncodesk.expandedStatus', '{not json');
    expect(storage.get('expandedStatus')).toBe(true);
  });

  it('clears everything of ours except the language on sign-out', () => {
    storage.set('jwt', 'token');
    storage.set('language', 'it-IT');
    storage.set('vaultViewType', 'list');
    localStorage.setItem('someone-else', 'kept');
    storage.clearExceptLanguage();
    expect(storage.get('jwt')).toBeNull();
    expect(storage.get('vaultViewType')).toBe('mosaic');
    expect(storage.get('language')).toBe('it-IT');
    expect(localStorage.getItem('someone-else')).toBe('kept');
  });
});
