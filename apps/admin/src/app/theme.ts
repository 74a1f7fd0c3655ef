import type { ThemeConfig } from 'antd';

/** The console's look: antd's default light theme, KPC's blue, compact enough for long tables. */
export const CONSOLE_THEME: ThemeConfig = {
  token: {
    colorPrimary: '#2F47D9',
    borderRadius: 6,
    fontSize: 14,
  },
  components: {
    Layout: { siderBg: '#0B1220', headerBg: '#ffffff', headerPadding: '0 24px', bodyBg: '#f5f6fa' },
    Menu: { darkItemBg: '#0B1220', darkSubMenuItemBg: '#0B1220', darkItemSelectedBg: '#2F47D9' },
    Table: { headerBg: '#fafbfc' },
  },
};
