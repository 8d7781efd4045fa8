const { createConfig } = require('@oncodesk/shared/webpack');

// The personal file vault and the public share-download page. Runs alone on :8092 (npm run dev).
module.exports = (_env, argv) =>
  createConfig(
    {
      appDir: __dirname,
      name: 'remote_vault',
      port: 8092,
      title: 'OncoDesk',
      exposes: { './remote': './src/remote.ts', './mount': './src/mount.ts' },
    },
    argv,
  );
