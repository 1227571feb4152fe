import { randomFillSync } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import type { Config } from '../config.ts';

const NONCE_BYTES = 18;
// one call to the system's random source per 256 nonces: a call per request was 1.5 % of a
// rendered page's CPU. Every nonce is still 18 fresh random bytes, used once.
const nonceBytes = Buffer.alloc(NONCE_BYTES * 256);
let nonceOffset = nonceBytes.length;

/** A fresh CSP nonce per request; React puts it on every script it writes. */
export function cspNonce(_req: Request, res: Response, next: NextFunction): void {
  if (nonceOffset === nonceBytes.length) {
    randomFillSync(nonceBytes);
    nonceOffset = 0;
  }
  res.locals.cspNonce = nonceBytes.toString('base64', nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  next();
}

export function securityHeaders(config: Config): RequestHandler {
  const https = config.publicUrl.startsWith('https:');
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      reportOnly: config.cspReportOnly,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`,
          ...config.cspExtra.scriptSrc,
        ],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', ...config.cspExtra.imgSrc],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...config.cspExtra.connectSrc],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
        ...(config.cspReportUri ? { reportUri: [config.cspReportUri] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
}
