import { describe, expect, it } from 'vitest';
import { hostAddresses } from '../../lib/special-addresses';
import { privateTargetReason } from './network-target';

const noDns = () => Promise.reject(new Error('no DNS lookup expected'));
const answers =
  (...addresses: string[]) =>
  async () =>
    addresses;

describe('webhook targets', () => {
  it.each([
    'http://localhost/hook',
    'http://LOCALHOST./hook',
    'https://api.localhost:8443/hook',
    'http://127.0.0.1:8080/hook',
    'http://2130706433/hook',
    'http://0x7f.1/hook',
    'http://[::1]/hook',
    'http://[::ffff:192.168.0.1]/hook',
    'http://[::127.0.0.1]/hook',
    'http://[64:ff9b::127.0.0.1]/hook',
    'http://[2002:a9fe:a9fe::]/latest',
    'http://169.254.169.254/latest/meta-data',
    'http://192.0.2.10/hook',
  ])('refuses %s without resolving anything', async (url) => {
    expect(await privateTargetReason(url, noDns)).toMatch(/private, loopback or link-local/);
  });

  it("refuses this server's own non-loopback interface addresses", async () => {
    const own = [...hostAddresses()].filter((a) => a !== '127.0.0.1' && a !== '::1');
    for (const address of own) {
      const host = address.includes(':') ? `[${address}]` : address;
      expect(await privateTargetReason(`http://${host}/hook`, noDns)).toMatch(/private, loopback/);
    }
  });

  it('refuses a host name when any of its addresses is private', async () => {
    const reason = await privateTargetReason(
      'https://intranet.example/hook',
      answers('93.184.216.34', '10.0.0.7'),
    );
    expect(reason).toContain('intranet.example resolves to 10.0.0.7 is private');
  });

  it('refuses a host name resolving to a NAT64 form of a loopback address', async () => {
    const reason = await privateTargetReason('https://sneaky.example/', answers('64:ff9b::7f00:1'));
    expect(reason).toContain('carrying 127.0.0.1 is loopback');
  });

  it('refuses names that do not resolve, or resolve to nothing', async () => {
    for (const resolve of [() => Promise.reject(new Error('ENOTFOUND')), answers()]) {
      expect(await privateTargetReason('http://localhost.localdomain/', resolve)).toBe(
        'host localhost.localdomain does not resolve to any address',
      );
    }
  });

  it('accepts public literals, and names that resolve only to public addresses', async () => {
    expect(await privateTargetReason('https://93.184.216.34/hook', noDns)).toBeNull();
    expect(await privateTargetReason('https://[2606:4700::1111]/hook', noDns)).toBeNull();
    expect(
      await privateTargetReason('https://hooks.example/x', answers('93.184.216.34', '2606:4700::1111')),
    ).toBeNull();
  });
});
