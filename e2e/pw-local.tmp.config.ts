import base from './playwright.config';
// Temporary: run specs against an already running server (no global setup). Not for commit.
export default { ...base, globalSetup: undefined, outputDir: '/tmp/pw-trials-out', reporter: [['list']] };
