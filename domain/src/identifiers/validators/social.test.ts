import { describe, expect, it } from 'vitest';
import { validateProfileUrl } from './social';

describe('validateProfileUrl', () => {
  it.each([
    ['facebook', 'https://www.facebook.com/scam.page'],
    ['instagram', 'instagram.com/scam'],
    ['twitter', 'https://twitter.com/scam'],
    ['twitter', 'https://x.com/scam'],
    ['linkedin', 'https://www.linkedin.com/in/scam'],
    ['tiktok', 'https://www.tiktok.com/@scam'],
    ['snapchat', 'https://www.snapchat.com/add/scam'],
    ['telegram', 'https://t.me/scam'],
    ['whatsapp', 'https://wa.me/15551234567'],
    ['discord', 'https://discord.gg/abc123'],
    ['discord', 'https://discord.com/invite/abc123'],
  ])('passes a %s link on its host: %s', (platform, url) => {
    expect(validateProfileUrl(platform, url).outcome).toBe('pass');
  });

  it('fails a host that is not the platform, including look-alikes and user-info tricks', () => {
    for (const url of [
      'https://facebook.com.evil.example/scam',
      'https://notfacebook.com/scam',
      'https://facebook.com@evil.example/scam',
      // A browser reads the backslash as the end of the host and opens evil.example.
      'https://evil.example\\@facebook.com/',
      'https://evil.example\\.facebook.com/',
      'https://instagram.com/scam',
    ]) {
      expect(validateProfileUrl('facebook', url).outcome).toBe('fail');
    }
    expect(validateProfileUrl('facebook', 'https://evil.example/x').detail).toBe(
      'evil.example is not a facebook host (expected facebook.com, fb.com, fb.me)',
    );
  });

  it('names the host a browser would open', () => {
    expect(validateProfileUrl('facebook', 'https://evil.example\\@facebook.com/').detail).toBe(
      'evil.example is not a facebook host (expected facebook.com, fb.com, fb.me)',
    );
    expect(validateProfileUrl('facebook', 'HTTPS://WWW.FACEBOOK.COM./Scam').detail).toBe(
      'www.facebook.com belongs to facebook',
    );
  });

  it('fails a link that is not http(s)', () => {
    expect(validateProfileUrl('twitter', 'javascript:alert(1)')).toMatchObject({
      outcome: 'fail',
      detail: 'Not an http(s) link',
    });
  });

  it('does not apply without a URL or for the other platform', () => {
    expect(validateProfileUrl('twitter', undefined).outcome).toBe('not_applicable');
    expect(validateProfileUrl('other', 'https://scam.example').outcome).toBe('not_applicable');
  });
});
