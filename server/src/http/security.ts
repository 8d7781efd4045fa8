import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { RuntimeConfig } from '@oncodesk/shared/contracts';

export interface SecurityOptions {
  /** The app's public origin (PUBLIC_URL): HSTS and upgrade-insecure-requests only when it is https. */
  publicUrl: string;
  /** The frontends' runtime configuration: remote manifests and services on other origins are allowed. */
  runtimeConfig: () => RuntimeConfig;
  /** CSP frame-ancestors sources (FRAME_ANCESTORS): who may show the app in a frame. */
  frameAncestors: string[];
  /** Origins of foreign pages that embed a remote (CORS_ORIGINS): they load the app's files across origins. */
  corsOrigins: string[];
}

/** The origin of an absolute http(s) URL; null for a relative one (same origin: 'self'). */
function originOf(url: string): string | null {
  if (!/^https?:\/\//i.test(url)) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Origins the frontends load code and data from besides their own: each remote's manifest URL (its
 * remoteEntry and chunks sit beside it) and each service (the API), when configured on another origin.
 */
export function foreignOrigins(config: RuntimeConfig): string[] {
  const urls = [...Object.values(config.remotes), ...Object.values(config.services)];
  return [...new Set(urls.map(originOf).filter((o): o is string => o !== null))].sort();
}

/**
 * The Content-Security-Policy of every response. Scripts and styles come only from the app's origin and
 * the remotes' origins; the <style> elements antd (CSS-in-JS) and the apps inject carry the per-response
 * nonce that @fastify/helmet adds to script-src and style-src (enableCSPNonces) and that the served
 * index.html hands to the page (see web/plugin.ts). No inline script, no plugin content, no foreign <base>.
 */
export function cspDirectives(options: Pick<SecurityOptions, 'publicUrl' | 'runtimeConfig' | 'frameAncestors'>) {
  const foreign = foreignOrigins(options.runtimeConfig());
  const https = options.publicUrl.startsWith('https://');
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'", ...foreign],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", ...foreign],
    // The one exception: style *attributes* written with setAttribute('style', …) by antd's TextArea
    // (autoSize: @rc-component/input's calculateNodeHeight styles a hidden measuring textarea that way).
    // An attribute cannot carry a nonce, and its value changes with the field's size (no hash), so
    // attributes are allowed while <style> elements still need the nonce. React's style props are set
    // through the CSSOM and need no exception.
    'style-src-attr': ["'unsafe-inline'"],
    // data: for antd's inline SVG icons in CSS and the reports page's rendered page images; blob: for
    // files the browser builds itself (previews of local files).
    'img-src': ["'self'", 'data:', 'blob:', ...foreign],
    'font-src': ["'self'", 'data:', ...foreign],
    // fetch / XHR: the API, the runtime config and the remotes' mf-manifest.json.
    'connect-src': ["'self'", ...foreign],
    // The vault previews PDFs in a frame from the API (same origin).
    'frame-src': ["'self'"],
    'worker-src': ["'self'"],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': options.frameAncestors,
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * Security headers on every response, the Fastify way (@fastify/helmet): the CSP above with a fresh nonce
 * per response (`reply.cspNonce`), X-Content-Type-Options: nosniff, Referrer-Policy
 * strict-origin-when-cross-origin (share links carry their token in the path: other origins get the
 * origin only), HSTS only when PUBLIC_URL is https, X-Frame-Options only where it can say what
 * frame-ancestors says ('self' or 'none'; browsers that know CSP ignore it anyway).
 */
async function securityHeadersPlugin(app: FastifyInstance, options: SecurityOptions) {
  const https = options.publicUrl.startsWith('https://');
  const ancestors = options.frameAncestors;
  const xFrameOptions =
    ancestors.length === 1 && ancestors[0] === "'self'"
      ? ({ action: 'sameorigin' } as const)
      : ancestors.length === 1 && ancestors[0] === "'none'"
        ? ({ action: 'deny' } as const)
        : false;
  await app.register(helmet, {
    global: true,
    enableCSPNonces: true,
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(options) },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions,
    // Pages embedding a remote (CORS_ORIGINS) load the app's files and vault downloads from their own
    // origin; otherwise only this origin may (the remotes' own files are always cross-origin: web/plugin.ts).
    crossOriginResourcePolicy: { policy: options.corsOrigins.length ? 'cross-origin' : 'same-origin' },
    // Google sign-in is a full-page redirect, not a popup: the opener can stay isolated.
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  });
}

/**
 * The API documentation (/api/docs, Swagger UI) has one inline <style> no nonce reaches: the logo SVG of
 * its top bar carries `<style>` in its <defs> (swagger-ui-standalone-preset.js). That exact text is
 * allowed by its hash, on the documentation's routes only (@fastify/swagger-ui's transformStaticCSP);
 * without it the logo loses its colours. The test checks the bundle still holds this text.
 */
export const swaggerLogoStyle = '.logo_small_svg__cls-2{fill:#fff}.logo_small_svg__cls-3{fill:#85ea2d}';
const swaggerLogoHash = `'sha256-${createHash('sha256').update(swaggerLogoStyle).digest('base64')}'`;

/** The policy of the documentation pages: the app's, with the logo's style hash in style-src. */
export function swaggerUiCsp(header: string): string {
  return header.replace(/(^|;)(\s*style-src)(?=[\s;]|$)/, `$1$2 ${swaggerLogoHash}`);
}

export const securityHeaders = fp(securityHeadersPlugin, { name: 'oncodesk-security-headers', fastify: '5.x' });
