const { createConfig } = require('@oncodesk/shared/webpack');

// The clinical trial wizard: patient folders, survey, results, trial detail, match graph. Runs alone on :8093 (npm run dev).
module.exports = (_env, argv) => {
  const config = createConfig(
    {
      appDir: __dirname,
      name: 'remote_trials',
      port: 8093,
      title: 'OncoDesk',
      exposes: { './remote': './src/remote.ts', './mount': './src/mount.ts' },
    },
    argv,
  );
  // The match graph's base styles (@xyflow/react) come in as text and are injected once at run time.
  config.module.rules.push({ test: /\.css$/, type: 'asset/source' });
  return config;
};
