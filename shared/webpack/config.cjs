// The one webpack configuration every app (host and remotes) builds with: swc for TypeScript, Module
// Federation with the workspace's shared singletons, hashed chunks, a manifest for runtime loading.
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const zlib = require('node:zlib');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const MinimizerPlugin = require('minimizer-webpack-plugin');

const workspaceRoot = path.resolve(__dirname, '..', '..');

/** The component folders of antd/es (each an entry point such as antd/es/button). */
function antdComponents(appDir) {
  const fs = require('node:fs');
  const esDir = path.join(path.dirname(require.resolve('antd/package.json', { paths: [appDir] })), 'es');
  return fs
    .readdirSync(esDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !d.name.startsWith('_') && !['style', 'locale', 'version'].includes(d.name))
    .filter((d) => fs.existsSync(path.join(esDir, d.name, 'index.js')))
    .map((d) => d.name);
}

/** react-router's production ES module build (its exports map names only the development one). */
function reactRouterProduction() {
  const dir = path.dirname(require.resolve('react-router/package.json', { paths: [path.join(__dirname, '..')] }));
  return path.join(dir, 'dist', 'production', 'index.mjs');
}

/** Libraries that must exist once per page (React context, router, i18n instance, stores). */
function sharedSingletons(appDir) {
  const pkg = require(path.join(appDir, 'package.json'));
  const version = (name) => {
    try {
      return require(require.resolve(`${name}/package.json`, { paths: [appDir] })).version;
    } catch {
      return false;
    }
  };
  const names = ['react', 'react-dom', 'i18next', 'react-i18next', 'zustand', '@oncodesk/shared'];
  const shared = {};
  for (const name of names) {
    if (!pkg.dependencies?.[name] && name !== 'react-dom') continue;
    shared[name] = { singleton: true, requiredVersion: name === '@oncodesk/shared' ? false : `^${version(name)}` };
  }
  // react-router is shared through the workspace's facade (the client-side API the apps use), so the
  // shared chunk is tree-shaken; apps never import 'react-router' directly (a test checks it).
  shared['@oncodesk/shared/router'] = { singleton: true, requiredVersion: false };
  // antd is shared one component module at a time (apps import 'antd/es/<component>'): a shared module
  // cannot be tree-shaken, and the whole of antd is ~450 KB gzip. Every app lists every component, so the
  // host (loaded first) provides them all and one ConfigProvider context serves the page; each component
  // is a lazy chunk fetched only when some screen uses it.
  for (const component of antdComponents(appDir)) {
    shared[`antd/es/${component}`] = { singleton: true, requiredVersion: `^${version('antd')}` };
  }
  // react-dom and react are shared with their subpaths (react-dom/client, react/jsx-runtime).
  for (const sub of ['react/jsx-runtime', 'react-dom/client']) {
    shared[sub] = { singleton: true, requiredVersion: `^${version(sub.split('/')[0])}` };
  }
  return shared;
}

/**
 * @param {{ appDir: string, name: string, port: number, exposes?: Record<string,string>, title?: string,
 *           runtimePlugins?: string[], htmlPublicPath?: string }} options
 */
function createConfig(options, argv = {}) {
  const { appDir, name, port, exposes = {}, title = 'OncoDesk', runtimePlugins = [], htmlPublicPath = 'auto' } = options;
  const production = argv.mode === 'production';
  return {
    mode: production ? 'production' : 'development',
    context: appDir,
    entry: { main: './src/index.ts' },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      path: path.join(appDir, 'dist'),
      publicPath: 'auto',
      filename: production ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
      uniqueName: name,
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      // react-router's package exports point at its development build only (remix-run/react-router#12532,
      // #14102): production builds take its production build by path.
      alias: production ? { 'react-router$': reactRouterProduction() } : {},
      // Workspace packages are consumed as TypeScript sources.
      conditionNames: ['oncodesk-source', '...'],
    },
    module: {
      rules: [
        {
          test: /\.[cm]?[jt]sx?$/,
          exclude: /node_modules/,
          use: {
            loader: require.resolve('swc-loader'),
            options: {
              // Ignore the packages' .swcrc (CommonJS, for Node): webpack needs ES modules to tree-shake.
              swcrc: false,
              module: { type: 'es6' },
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !production, refresh: false } },
                target: 'es2020',
              },
            },
          },
        },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        exposes,
        remotes: {},
        shared: sharedSingletons(appDir),
        shareStrategy: 'loaded-first',
        runtimePlugins,
        manifest: true,
        dts: false,
      }),
      new HtmlWebpackPlugin({
        template: path.join(__dirname, 'index.html'),
        title,
        chunks: ['main'],
        // The host's page is served for every path (/vault, /download/x): its scripts must be absolute.
        publicPath: htmlPublicPath,
      }),
      // Pre-compressed copies (.gz, .br) that the server sends as they are: no compression work per request.
      ...(production
        ? [
            new CompressionPlugin({ filename: '[path][base].gz', algorithm: 'gzip', test: /\.(js|json|html)$/, threshold: 1024, minRatio: 0.9 }),
            new CompressionPlugin({
              filename: '[path][base].br',
              algorithm: 'brotliCompress',
              test: /\.(js|json|html)$/,
              compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
              threshold: 1024,
              minRatio: 0.9,
            }),
          ]
        : []),
    ],
    performance: { hints: false },
    optimization: {
      moduleIds: 'deterministic',
      chunkIds: 'deterministic',
      // swc's minifier instead of webpack's default terser: every app bundles all of antd as shared chunks, and
      // terser spent ~70 s of CPU per app on them (measured on remote-auth); swc does the same work in a fraction.
      minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, minimizerOptions: { compress: { passes: 2 }, mangle: true } })],
    },
    devServer: {
      port,
      historyApiFallback: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      // The API and runtime config come from the real server (npm start, port 8080).
      proxy: [{ context: ['/api', '/config'], target: process.env.ONCODESK_API ?? 'http://localhost:8080' }],
      client: { overlay: false },
    },
    infrastructureLogging: { level: 'warn' },
    stats: production ? 'errors-warnings' : 'minimal',
  };
}

module.exports = { createConfig, workspaceRoot, antdComponents };
