const { createConfig } = require('@oncodesk/shared/webpack');

// The assistant chat. Runs alone on :8094 (npm run dev).
module.exports = (_env, argv) =>
  createConfig(
    {
      appDir: __dirname,
      name: 'remote_chat',
      port: 8094,
      title: 'OncoDesk',
      exposes: { './remote': './src/remote.ts', './mount': './src/mount.ts' },
    },
    argv,
  );
