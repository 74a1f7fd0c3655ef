import type { LocaleCode } from '@kpc/shared';
import { setDefaultConfig, unstableSetRender } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import { createRoot, type Root } from 'react-dom/client';
import { addLocaleResources, getLocale, i18n } from './i18n.ts';

type AntdLocale = typeof enUS;

// Loaded with the interface language, like the app's own messages; English (1 kB) is always here
// as the fallback. antd-mobile has no Hindi; its few built-in texts (e.g. the clear button's label)
// fall back to English.
const ANTD_LOCALE_LOADERS = {
  en: async () => enUS,
  'zh-Hans': async () => (await import('antd-mobile/es/locales/zh-CN')).default,
  hi: async () => enUS,
  ja: async () => (await import('antd-mobile/es/locales/ja-JP')).default,
  ko: async () => (await import('antd-mobile/es/locales/ko-KR')).default,
  ru: async () => (await import('antd-mobile/es/locales/ru-RU')).default,
  vi: async () => (await import('antd-mobile/es/locales/vi-VN')).default,
} satisfies Record<LocaleCode, () => Promise<AntdLocale>>;

const loadedAntdLocales = new Map<LocaleCode, AntdLocale>();

async function loadAntdLocale(code: LocaleCode): Promise<void> {
  if (!loadedAntdLocales.has(code)) loadedAntdLocales.set(code, await ANTD_LOCALE_LOADERS[code]());
}

/**
 * The antd-mobile locale for the ConfigProvider of the component tree. A language is shown only
 * once its resources are loaded (lib/i18n.ts), so English stands in only before that.
 */
export function getAntdLocale(code: LocaleCode): AntdLocale {
  return loadedAntdLocales.get(code) ?? enUS;
}

const roots = new WeakMap<Element | DocumentFragment, Root>();

/**
 * antd-mobile 5 renders Toast, Dialog and ActionSheet with ReactDOM.render, which React 19 removed;
 * without a createRoot-based renderer `Toast.show` shows nothing (STACK.md). Call once at start-up,
 * before the first language loads. (Toasts take their duration from lib/toast.ts.)
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
  addLocaleResources(loadAntdLocale);
  // Imperative components (Dialog, Toast) read the default config, not the ConfigProvider; its
  // default locale is Chinese, so it must follow the interface language.
  i18n.on('languageChanged', () => setDefaultConfig({ locale: getAntdLocale(getLocale()) }));
}
