/** Moved to vocab/importedDrugs.ts (one vocab folder); this re-export serves the modules not yet pointed there. */
export * from '../../vocab/importedDrugs';
