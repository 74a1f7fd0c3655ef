import { TOAST_DURATION_MS, type LocaleCode } from '@kpc/shared';
import { setDefaultConfig, Toast, unstableSetRender } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import jaJP from 'antd-mobile/es/locales/ja-JP';
import koKR from 'antd-mobile/es/locales/ko-KR';
import ruRU from 'antd-mobile/es/locales/ru-RU';
import viVN from 'antd-mobile/es/locales/vi-VN';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { createRoot, type Root } from 'react-dom/client';
import { getLocale, i18n } from './i18n.ts';

// antd-mobile has no Hindi; its few built-in texts (e.g. the clear button's label) fall back to English.
const ANTD_LOCALES = { en: enUS, 'zh-Hans': zhCN, hi: enUS, ja: jaJP, ko: koKR, ru: ruRU, vi: viVN } satisfies Record<
  LocaleCode,
  unknown
>;

/** The antd-mobile locale for the ConfigProvider of the component tree. */
export function getAntdLocale(code: LocaleCode) {
  return ANTD_LOCALES[code];
}

const roots = new WeakMap<Element | DocumentFragment, Root>();

/**
 * antd-mobile 5 renders Toast, Dialog and ActionSheet with ReactDOM.render, which React 19 removed;
 * without a createRoot-based renderer `Toast.show` shows nothing (STACK.md). Call once at start-up.
 */
export function setupAntdMobile(): void {
  unstableSetRender((node, container) => {
    let root = roots.get(container);
    if (!root) {
      root = createRoot(container);
      roots.set(container, root);
    }
    root.render(node);
    return async () => {
      // Unmounting while React is still rendering warns; wait a tick.
      await new Promise((resolve) => setTimeout(resolve, 0));
      root.unmount();
      roots.delete(container);
    };
  });
  Toast.config({ duration: TOAST_DURATION_MS });
  // Imperative components (Dialog, Toast) read the default config, not the ConfigProvider; its
  // default locale is Chinese, so it must follow the interface language.
  setDefaultConfig({ locale: getAntdLocale(getLocale()) });
  i18n.on('languageChanged', () => setDefaultConfig({ locale: getAntdLocale(getLocale()) }));
}
