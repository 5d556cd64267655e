import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { frameAncestorsFor, originOf, securityHeaders } from '../../infra/security-headers';

export type WebHandler = (req: IncomingMessage, res: ServerResponse) => void;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * The origins the trader area frames locally: the membership stand-in and the tools, from the same
 * variables the API hands the app (MEMBERSHIP_SITE_URL, TOOLS_SITE_URL), read on each request because
 * the stand-in starts after the web server. In AWS the `deskline:frameSources` context says it.
 */
export function localFrameSources(env: NodeJS.ProcessEnv = process.env): string[] {
  const origins = [env.MEMBERSHIP_SITE_URL, env.TOOLS_SITE_URL].map(originOf);
  return [...new Set(origins.filter((origin): origin is string => origin !== undefined))];
}

/**
 * The security headers CloudFront sends (infra/security-headers.ts), for the local server: the
 * trader area's addresses may be framed by the membership stand-in's site, as by the membership
 * site in AWS.
 */
export function localSecurityHeaders(dev = false, pathname = '/'): Record<string, string> {
  const membership = originOf(process.env.MEMBERSHIP_SITE_URL);
  return securityHeaders({
    frameSources: localFrameSources(),
    ...frameAncestorsFor(pathname, {
      frameAncestors: [],
      traderFrameAncestors: membership ? [membership] : [],
    }),
    dev,
  });
}

/**
 * Serves the built SPA like CloudFront does: files as they are, any other path gets index.html so the
 * client router can answer it. Hashed assets are cached for a year, index.html never. Every answer
 * carries the security headers.
 */
export function staticSpa(distDir: string): WebHandler {
  const root = resolve(distDir);
  const index = join(root, 'index.html');
  if (!existsSync(index)) throw new Error(`No built SPA at ${root}: run npm run build:web`);
  return guarded('web', (req, res) => {
    const pathname = decodedPath(req.url);
    if (pathname === undefined) return answerPlain(res, 400, 'Malformed request path');
    const candidate = normalize(join(root, pathname));
    // Inside the root folder itself, not a sibling whose name starts like it (`dist/web-old`).
    const inside = candidate.startsWith(root + sep);
    const isFile = inside && existsSync(candidate) && statSync(candidate).isFile();
    const file = isFile ? candidate : index;
    const hashed = isFile && pathname.startsWith('/assets/');
    const stream = createReadStream(file);
    // A file removed between the check and the read: a 500 answered, not an unhandled 'error'.
    stream.once('error', () => {
      if (!res.headersSent) answerPlain(res, 500, 'Internal error');
      else res.destroy();
    });
    stream.once('open', () => {
      res.writeHead(200, {
        ...localSecurityHeaders(false, pathname),
        'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
      });
      stream.pipe(res);
    });
  });
}

/**
 * The request's decoded path, or `undefined` when it cannot be one (`/%ZZ`, a NUL). A path is read
 * as a path even when it starts with `//` (which a URL base would take for a host name).
 */
function decodedPath(url = '/'): string | undefined {
  try {
    const parsed = url.startsWith('/') ? new URL(`http://localhost${url}`) : new URL(url);
    const pathname = decodeURIComponent(parsed.pathname);
    return pathname.includes('\0') ? undefined : pathname;
  } catch {
    return undefined;
  }
}

function answerPlain(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { ...localSecurityHeaders(), 'content-type': 'text/plain; charset=utf-8' });
  res.end(message);
}

/**
 * Whatever a handler throws is answered (500) and logged: one request must never end the local
 * stack, whose server runs the handler inside its `request` event.
 */
export function guarded(name: string, handler: WebHandler): WebHandler {
  return (req, res) => {
    try {
      handler(req, res);
    } catch (error) {
      console.error(`[${name}] ${req.method ?? ''} ${req.url ?? ''} failed`, error);
      if (!res.headersSent) answerPlain(res, 500, 'Internal error');
      else res.destroy();
    }
  };
}

/**
 * Vite in middleware mode: the developer's SPA with hot reload, on the same port as the API, with the
 * security headers (the CSP relaxed only for Vite's inline preamble and its WebSocket).
 */
export async function viteSpa(
  httpServer: Server,
): Promise<{ handler: WebHandler; close(): Promise<void> }> {
  const { createServer } = await import('vite');
  const vite = await createServer({
    configFile: resolve('web/vite.config.mts'),
    server: { middlewareMode: true, hmr: { server: httpServer } },
    appType: 'spa',
    logLevel: 'warn',
  });
  return {
    handler: guarded('vite', (req, res) => {
      for (const [name, value] of Object.entries(
        localSecurityHeaders(true, decodedPath(req.url) ?? '/'),
      )) {
        res.setHeader(name, value);
      }
      vite.middlewares(req, res);
    }),
    close: () => vite.close(),
  };
}
