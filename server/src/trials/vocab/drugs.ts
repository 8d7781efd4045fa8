/** Moved to vocab/drugKnowledge.ts (one vocab folder); this re-export serves the modules not yet pointed there. */
export * from '../../vocab/drugKnowledge';
