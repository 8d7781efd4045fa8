/** Moved to vocab/clinicalDiseaseSynonyms.ts (one vocab folder); this re-export serves the modules not yet pointed there. */
export * from '../../vocab/clinicalDiseaseSynonyms';
