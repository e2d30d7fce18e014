import { describe, expect, it } from 'vitest';
import { isPrivateAddress, privateTargetReason } from './network-target';

describe('private network targets', () => {
  it.each([
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '127.0.0.1',
    '127.8.9.10',
    '169.254.169.254',
    '0.0.0.0',
    '100.64.0.1',
    '::1',
    '::',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    '::ffff:10.0.0.1',
    '::ffff:7f00:1',
  ])('%s is private', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])(
    '%s is public',
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );

  it.each([
    'http://localhost/hook',
    'http://LOCALHOST./hook',
    'https://api.localhost:8443/hook',
    'http://127.0.0.1:8080/hook',
    'http://2130706433/hook',
    'http://0x7f.1/hook',
    'http://[::1]/hook',
    'http://[::ffff:192.168.0.1]/hook',
    'http://169.254.169.254/latest/meta-data',
  ])('refuses %s without resolving anything', async (url) => {
    const resolve = () => Promise.reject(new Error('no DNS lookup expected'));
    expect(await privateTargetReason(url, resolve)).toMatch(/private, loopback or link-local/);
  });

  it('refuses a host name that resolves to a private address', async () => {
    const reason = await privateTargetReason('https://intranet.example/hook', async () => [
      '93.184.216.34',
      '10.0.0.7',
    ]);
    expect(reason).toContain('intranet.example resolves to 10.0.0.7');
  });

  it('accepts public literals, and names that resolve publicly or not at all', async () => {
    expect(await privateTargetReason('https://93.184.216.34/hook')).toBeNull();
    expect(await privateTargetReason('https://hooks.example/x', async () => ['93.184.216.34'])).toBeNull();
    expect(
      await privateTargetReason('https://hooks.example/x', () => Promise.reject(new Error('ENOTFOUND'))),
    ).toBeNull();
  });
});
