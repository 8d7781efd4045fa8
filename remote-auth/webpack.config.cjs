const { createConfig } = require('@oncodesk/shared/webpack');

// Sign-in, sign-up, recovery, verification and profile screens. Runs alone on :8091 (npm run dev).
module.exports = (_env, argv) =>
  createConfig(
    {
      appDir: __dirname,
      name: 'remote_auth',
      port: 8091,
      title: 'OncoDesk · Accounts',
      exposes: { './remote': './src/remote.ts', './mount': './src/mount.ts' },
    },
    argv,
  );
