import en from './en.json';
import enAdjustments from './en/adjustments.json';
import enApplications from './en/applications.json';
import enCards from './en/cards.json';
import enCodes from './en/codes.json';
import enConfig from './en/config.json';
import enConfigProducts from './en/configProducts.json';
import enExports from './en/exports.json';
import enNotices from './en/notices.json';
import zhHans from './zh-Hans.json';
import zhAdjustments from './zh-Hans/adjustments.json';
import zhApplications from './zh-Hans/applications.json';
import zhCards from './zh-Hans/cards.json';
import zhCodes from './zh-Hans/codes.json';
import zhConfig from './zh-Hans/config.json';
import zhConfigProducts from './zh-Hans/configProducts.json';
import zhExports from './zh-Hans/exports.json';
import zhNotices from './zh-Hans/notices.json';

/**
 * The console's messages: `en.json` holds the shell and the Step 8a screens; each Step 8b section
 * keeps its own file per language (`en/cards.json`), read as the top-level key of its name
 * (`cards.queue.title`). `tools/locale-parity.mjs` checks both layouts.
 */
export const messagesEn = {
  ...en,
  adjustments: enAdjustments,
  applications: enApplications,
  cards: enCards,
  codes: enCodes,
  config: enConfig,
  configProducts: enConfigProducts,
  exports: enExports,
  notices: enNotices,
};

export const messagesZhHans = {
  ...zhHans,
  adjustments: zhAdjustments,
  applications: zhApplications,
  cards: zhCards,
  codes: zhCodes,
  config: zhConfig,
  configProducts: zhConfigProducts,
  exports: zhExports,
  notices: zhNotices,
};
