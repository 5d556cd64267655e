import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve } from 'node:path';
import { originOf, securityHeaders } from '../../infra/security-headers';

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

/** The security headers CloudFront sends (infra/security-headers.ts), for the local server. */
export function localSecurityHeaders(dev = false): Record<string, string> {
  return securityHeaders({ frameSources: localFrameSources(), frameAncestors: [], dev });
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
  return (req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    const candidate = normalize(join(root, pathname));
    const isFile =
      candidate.startsWith(root) && existsSync(candidate) && statSync(candidate).isFile();
    const file = isFile ? candidate : index;
    const hashed = isFile && pathname.startsWith('/assets/');
    res.writeHead(200, {
      ...localSecurityHeaders(),
      'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    createReadStream(file).pipe(res);
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
    handler: (req, res) => {
      for (const [name, value] of Object.entries(localSecurityHeaders(true))) {
        res.setHeader(name, value);
      }
      vite.middlewares(req, res);
    },
    close: () => vite.close(),
  };
}
