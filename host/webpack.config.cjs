const { createConfig } = require('@oncodesk/shared/webpack');

// The shell. It declares no remotes at build time: it reads their manifest URLs from /config/runtime.json.
module.exports = (_env, argv) =>
  createConfig(
    {
      appDir: __dirname,
      name: 'oncodesk_host',
      port: 8090,
      htmlPublicPath: '/',
      runtimePlugins: [require.resolve('./src/mf/offlineRemotePlugin.ts')],
    },
    argv,
  );
