/**
 * Security headers (helmet), in two sets. Pages get the full set with a CSP the
 * SPA runs under (no inline script but the hashed loader of hydrate-after-paint.ts). JSON answers get OWASP's REST set: a CSP
 * that allows nothing, nosniff, no framing, no referrer, same-origin resources.
 * Stricter for an answer no browser should render, and half the headers on the
 * calls every page load makes (docs/decisions/016-request-logging-without-pino-http.md).
 */
import type { RequestHandler } from 'express';
import helmet from 'helmet';
import { HYDRATE_AFTER_PAINT_CSP_SOURCE } from '../web-app/index.ts';

// Links in mails carry tokens: no response of ours ever leaks its URL to another site.
const referrerPolicy = { policy: 'no-referrer' } as const;

/**
 * Only on https: on a local http origin it would pin the browser to an https that is not there.
 * On a creator's own domain without includeSubDomains: the platform may pin its own subdomains,
 * never the creator's other names (their shop or mail on another host may not speak https).
 */
function hsts(appUrl: URL, includeSubDomains: boolean) {
  return appUrl.protocol === 'https:' ? { maxAge: 31_536_000, includeSubDomains } : false;
}

type HeaderSet = (includeSubDomains: boolean) => RequestHandler;

/** The platform's set, or the custom domain's when host routing found one for this request. */
function perHost(build: HeaderSet): RequestHandler {
  const platform = build(true);
  const customDomain = build(false);
  return function securityHeaders(req, res, next) {
    const onDomain = (res.locals as { customDomain?: string }).customDomain !== undefined;
    (onDomain ? customDomain : platform)(req, res, next);
  };
}

export function pageSecurityHeaders(appUrl: URL): RequestHandler {
  return perHost((includeSubDomains) => pageHeaders(appUrl, includeSubDomains));
}

export function apiSecurityHeaders(appUrl: URL): RequestHandler {
  return perHost((includeSubDomains) => apiHeaders(appUrl, includeSubDomains));
}

function pageHeaders(appUrl: URL, includeSubDomains: boolean) {
  const https = appUrl.protocol === 'https:';
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The one inline script: the pre-rendered pages' loader, by its hash (docs/decisions/118).
        scriptSrc: ["'self'", HYDRATE_AFTER_PAINT_CSP_SOURCE],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        // hls.js plays HLS through Media Source Extensions, whose stream the <video> reads from a blob: URL (docs/decisions/039).
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: hsts(appUrl, includeSubDomains),
    referrerPolicy,
  });
}

function apiHeaders(appUrl: URL, includeSubDomains: boolean) {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    strictTransportSecurity: hsts(appUrl, includeSubDomains),
    referrerPolicy,
    xFrameOptions: { action: 'deny' },
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
}
