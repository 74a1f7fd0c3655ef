import { describe, expect, it } from 'vitest';
import { getTargetAfterLogin, keepLoginRedirect } from './login-redirect.ts';

describe('getTargetAfterLogin', () => {
  it('goes to the page the member asked for', () => {
    expect(getTargetAfterLogin('/pages/card/list', '/pages/home/index')).toBe('/pages/card/list');
    expect(getTargetAfterLogin('/pages/asset/recharge?channel=wallet', '/x')).toBe(
      '/pages/asset/recharge?channel=wallet',
    );
  });

  it('falls back for no target and for anything outside the app', () => {
    expect(getTargetAfterLogin(null, '/pages/home/index')).toBe('/pages/home/index');
    expect(getTargetAfterLogin('https://evil.example/pages/', '/pages/home/index')).toBe('/pages/home/index');
    expect(getTargetAfterLogin('//evil.example/pages/x', '/pages/mine/index')).toBe('/pages/mine/index');
  });
});

describe('keepLoginRedirect', () => {
  it('adds the target, encoded, so it survives the next page', () => {
    const url = keepLoginRedirect('/pages/register/index', '/pages/asset/recharge?channel=31337-wallet');
    expect(url).toBe('/pages/register/index?redirect=%2Fpages%2Fasset%2Frecharge%3Fchannel%3D31337-wallet');
    expect(new URLSearchParams(url.split('?')[1]).get('redirect')).toBe('/pages/asset/recharge?channel=31337-wallet');
    expect(keepLoginRedirect('/pages/login/index?email=a%40b.co', '/pages/mine/index')).toBe(
      '/pages/login/index?email=a%40b.co&redirect=%2Fpages%2Fmine%2Findex',
    );
  });

  it('leaves the path alone without a target', () => {
    expect(keepLoginRedirect('/pages/register/index', null)).toBe('/pages/register/index');
  });
});
