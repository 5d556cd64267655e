/**
 * Canonical JSON of an evidence pack's inputs, so that anyone can hash the same bytes: object keys
 * sorted by UTF-16 code units (JavaScript's default sort), no whitespace, strings escaped as
 * `JSON.stringify` escapes them, numbers in the shortest form that reads back to the same double
 * (`JSON.stringify`'s, the ECMAScript number-to-string), and object members whose value is
 * `undefined` left out, as `JSON.stringify` leaves them out. For the values a pack holds (strings,
 * finite numbers, booleans, null, arrays, objects) this is the JSON Canonicalization Scheme of
 * RFC 8785.
 */
export function canonicalJson(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`Not a JSON number: ${value}`);
      return JSON.stringify(value);
    case 'object': {
      if (Array.isArray(value)) {
        // An array keeps every position: JSON writes `null` for a missing element.
        return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
      }
      const record = value as Record<string, unknown>;
      const members = Object.keys(record)
        .filter((key) => record[key] !== undefined)
        .sort()
        .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`);
      return `{${members.join(',')}}`;
    }
    default:
      throw new TypeError(`Not a JSON value: ${typeof value}`);
  }
}

/**
 * The SHA-256 of a text's UTF-8 bytes, lower-case hex. Web Crypto, so the same code runs in Node
 * (the verifier, the Lambda) and in a browser.
 */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The SHA-256 of a value's canonical JSON: what a pack's `inputsSha256` is. */
export const canonicalSha256 = (value: unknown): Promise<string> => sha256Hex(canonicalJson(value));
