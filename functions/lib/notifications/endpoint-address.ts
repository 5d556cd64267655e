import { lookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/*
 * Where a webhook may be sent. Staff type an endpoint's URL, and the server POSTs to it: without a
 * check, a URL naming (or resolving to) a private, loopback or link-local address would make the
 * server reach into its own network (the cloud's instance metadata at 169.254.169.254, an internal
 * service). The address is checked when the URL is saved (an IP written in the URL) and again when
 * the connection is made: the lookup that resolves the name is the one the socket connects with, so a
 * name cannot resolve to a public address for the check and a private one for the connection.
 */

/** The address ranges that are not the public internet (IANA special-purpose registries). */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, the instance metadata service
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // IPv4/IPv6 translation: reaches IPv4 addresses
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** The IPv4 address inside an IPv4-mapped IPv6 address (`::ffff:10.0.0.1`), else the address. */
function unmapped(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

function familyOf(address: string): 'ipv4' | 'ipv6' {
  return isIP(address) === 4 ? 'ipv4' : 'ipv6';
}

/**
 * Whether a webhook may connect to `address`: a public address, or (where plain-http loopback
 * endpoints are allowed: the local stack, the tests) this machine's loopback.
 */
export function mayConnectTo(address: string, options: { allowLoopback: boolean }): boolean {
  const ip = unmapped(address);
  if (isIP(ip) === 0) return false;
  if (options.allowLoopback && LOOPBACK.check(ip, familyOf(ip))) return true;
  return !NOT_PUBLIC.check(ip, familyOf(ip));
}

/** The host of a URL as an address when it is one (`[::1]` without its brackets), else undefined. */
export function literalAddressOf(hostname: string): string | undefined {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  return isIP(bare) === 0 ? undefined : bare;
}

export const PRIVATE_ADDRESS_REFUSED =
  'The endpoint resolves to a private or local network address: not sent';

/** `dns.lookup` for the webhook's socket: fails when any address the name resolves to is refused. */
function checkedLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    const all: LookupAllOptions = { ...options, all: true };
    lookup(hostname, all, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const refused = addresses.some(({ address }) => !mayConnectTo(address, { allowLoopback }));
      if (refused || addresses.length === 0) {
        return callback(new Error(PRIVATE_ADDRESS_REFUSED), '', 0);
      }
      if ((options as { all?: boolean }).all) {
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      }
      const [first] = addresses as [LookupAddress];
      return callback(null, first.address, first.family);
    });
  };
}

/**
 * POSTs a webhook body and answers the status code; never follows a redirect (a 3xx is an answer).
 * An address written in the URL is checked here; a name is checked as it resolves, by the socket's
 * own lookup.
 */
export async function postToEndpoint(
  url: string,
  request: { headers: Record<string, string>; body: string; timeoutMs: number },
  options: { allowLoopback: boolean },
): Promise<number> {
  const target = new URL(url);
  const literal = literalAddressOf(target.hostname);
  if (literal !== undefined && !mayConnectTo(literal, options)) {
    throw new Error(PRIVATE_ADDRESS_REFUSED);
  }
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const settings: RequestOptions = {
    method: 'POST',
    headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
    lookup: checkedLookup(options.allowLoopback),
    signal: AbortSignal.timeout(request.timeoutMs),
    // A fresh connection per delivery: a pooled socket would skip the lookup's check.
    agent: false,
  };
  return new Promise<number>((resolve, reject) => {
    const outgoing = send(target, settings, (response) => {
      // Only the status matters: the body is read off and dropped.
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}
