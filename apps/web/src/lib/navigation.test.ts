import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  bindNavigator,
  navigateBack,
  navigateTo,
  redirectTo,
  replaceWith,
  switchTab,
  type AppNavigator,
} from './navigation.ts';

let currentUrl = '/pages/home/index';
let canGoBack = false;
const navigator = {
  navigate: vi.fn<AppNavigator['navigate']>(),
  goBack: vi.fn<AppNavigator['goBack']>(),
  canGoBack: () => canGoBack,
  getCurrentUrl: () => currentUrl,
};

beforeEach(() => {
  currentUrl = '/pages/home/index';
  canGoBack = false;
  navigator.navigate.mockClear();
  navigator.goBack.mockClear();
  bindNavigator(navigator);
});

describe('navigation rules (SPEC §2)', () => {
  it('pushes non-tab pages with navigateTo and replaces with redirectTo', () => {
    expect(navigateTo('/pages/login/index')).toBe(true);
    expect(navigator.navigate).toHaveBeenLastCalledWith('/pages/login/index', { replace: false });
    expect(redirectTo('/pages/register/index?inviteCode=ABCD2345')).toBe(true);
    expect(navigator.navigate).toHaveBeenLastCalledWith('/pages/register/index?inviteCode=ABCD2345', { replace: true });
  });

  it('never opens a tab page by push or redirect, with or without a query, including the / alias', () => {
    currentUrl = '/pages/login/index';
    for (const tab of ['/pages/home/index', '/', '/pages/card/list', '/pages/mine/index?from=x']) {
      expect(navigateTo(tab)).toBe(false);
      expect(redirectTo(tab)).toBe(false);
    }
    expect(navigator.navigate).not.toHaveBeenCalled();
  });

  it('switches only to tab pages, replacing the history entry', () => {
    expect(switchTab('/pages/login/index')).toBe(false);
    expect(switchTab('/pages/term/user')).toBe(false);
    expect(navigator.navigate).not.toHaveBeenCalled();
    expect(switchTab('/pages/card/list')).toBe(true);
    expect(navigator.navigate).toHaveBeenLastCalledWith('/pages/card/list', { replace: true });
  });

  it('refuses to navigate to the exact current URL', () => {
    currentUrl = '/pages/login/index?redirect=%2Fpages%2Fmine%2Findex';
    expect(navigateTo('/pages/login/index?redirect=%2Fpages%2Fmine%2Findex')).toBe(false);
    expect(redirectTo('/pages/login/index?redirect=%2Fpages%2Fmine%2Findex')).toBe(false);
    // Another query is another URL.
    expect(navigateTo('/pages/login/index')).toBe(true);

    currentUrl = '/';
    expect(switchTab('/pages/home/index')).toBe(false); // `/` is home
    expect(switchTab('/pages/home/index?inviteCode=ABCD2345')).toBe(true);
    expect(navigator.navigate).toHaveBeenCalledTimes(2);
  });

  it('replaceWith picks a tab switch for tab pages and a redirect otherwise', () => {
    currentUrl = '/pages/login/index';
    replaceWith('/pages/mine/index');
    expect(navigator.navigate).toHaveBeenLastCalledWith('/pages/mine/index', { replace: true });
    replaceWith('/pages/change/pwd');
    expect(navigator.navigate).toHaveBeenLastCalledWith('/pages/change/pwd', { replace: true });
  });

  it('goes back one page, or home when the app was opened on this page', () => {
    currentUrl = '/pages/term/user';
    canGoBack = true;
    navigateBack();
    expect(navigator.goBack).toHaveBeenCalledTimes(1);
    canGoBack = false;
    navigateBack();
    expect(navigator.navigate).toHaveBeenLastCalledWith('/pages/home/index', { replace: true });
  });

  it('does nothing before a router is bound', () => {
    bindNavigator(null);
    expect(navigateTo('/pages/login/index')).toBe(false);
    expect(switchTab('/pages/mine/index')).toBe(false);
  });
});
