// A CSP host source: https, a host name (optionally `*.` for its subdomains), an optional port.
const httpsOrigin = /^https:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d+)?$/i;

/**
 * Reads the `deskline:frameAncestors` context: a list (cdk.json) or a comma/space separated string
 * (`-c`), of https origins. Each is checked because it is pasted into a CSP header, where
 * anything but a bare origin could smuggle in a directive.
 */
export function parseFrameAncestors(value: unknown): string[] {
  return parseHttpsOrigins('deskline:frameAncestors', value);
}

/**
 * Reads the `deskline:frameSources` context: the https origins the trader area shows in frames (the
 * membership site, the embedded tools), the only frames the CSP lets the app load besides its own.
 */
export function parseFrameSources(value: unknown): string[] {
  return parseHttpsOrigins('deskline:frameSources', value);
}

function parseHttpsOrigins(key: string, value: unknown): string[] {
  if (value === undefined || value === null) return [];
  const items = Array.isArray(value) ? value : String(value).split(/[\s,]+/);
  return items
    .map((item) => String(item).trim())
    .filter(Boolean)
    .map((origin) => {
      if (!httpsOrigin.test(origin)) {
        throw new Error(
          `${key}: "${origin}" is not an https origin like https://members.example.com`,
        );
      }
      return origin;
    });
}
