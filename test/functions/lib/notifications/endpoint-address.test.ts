import {
  literalAddressOf,
  mayConnectTo,
  postToEndpoint,
  PRIVATE_ADDRESS_REFUSED,
} from '../../../../functions/lib/notifications/endpoint-address';

const publicOnly = { allowLoopback: false };
const local = { allowLoopback: true };

describe('where a webhook may connect', () => {
  it.each([
    '0.0.0.0',
    '10.0.0.1',
    '100.64.1.1',
    '127.0.0.1',
    '127.8.8.8',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.0.10',
    '198.18.0.1',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'ff02::1',
    '::ffff:10.0.0.1',
    '::ffff:127.0.0.1',
    '64:ff9b::a9fe:a9fe',
  ])('refuses %s', (address) => {
    expect(mayConnectTo(address, publicOnly)).toBe(false);
  });

  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '172.32.0.1',
    '172.15.255.255',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
  ])('allows the public address %s', (address) => {
    expect(mayConnectTo(address, publicOnly)).toBe(true);
  });

  it('allows loopback only where local endpoints are allowed, and never other private ranges', () => {
    expect(mayConnectTo('127.0.0.1', local)).toBe(true);
    expect(mayConnectTo('::1', local)).toBe(true);
    expect(mayConnectTo('10.0.0.1', local)).toBe(false);
    expect(mayConnectTo('169.254.169.254', local)).toBe(false);
  });

  it('refuses what is not an address at all', () => {
    expect(mayConnectTo('example.com', publicOnly)).toBe(false);
    expect(mayConnectTo('', publicOnly)).toBe(false);
  });

  it('reads an address written as a URL host, brackets and all, and leaves names alone', () => {
    expect(literalAddressOf('10.0.0.1')).toBe('10.0.0.1');
    expect(literalAddressOf('[::1]')).toBe('::1');
    expect(literalAddressOf('hooks.example.com')).toBeUndefined();
    expect(literalAddressOf('localhost')).toBeUndefined();
  });

  it('refuses to post to a private address written in the URL, before any connection', async () => {
    const request = { headers: {}, body: '{}', timeoutMs: 1_000 };
    await expect(
      postToEndpoint('https://169.254.169.254/latest', request, publicOnly),
    ).rejects.toThrow(PRIVATE_ADDRESS_REFUSED);
    await expect(postToEndpoint('http://[::1]:9/hooks', request, publicOnly)).rejects.toThrow(
      PRIVATE_ADDRESS_REFUSED,
    );
  });
});
