import {
  AuditOutlined,
  CreditCardOutlined,
  DashboardOutlined,
  ExportOutlined,
  FileProtectOutlined,
  ImportOutlined,
  KeyOutlined,
  NotificationOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  SolutionOutlined,
  SwapOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { TPermission } from '@kpc/shared/operator';
import type { MenuProps } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { SECTIONS, type SectionKey } from '@/config/routes.ts';

const ICONS: Record<SectionKey, ReactNode> = {
  dashboard: <DashboardOutlined />,
  members: <TeamOutlined />,
  withdrawals: <ExportOutlined />,
  deposits: <ImportOutlined />,
  cards: <CreditCardOutlined />,
  codes: <KeyOutlined />,
  applications: <SolutionOutlined />,
  notices: <NotificationOutlined />,
  adjustments: <SwapOutlined />,
  proof: <FileProtectOutlined />,
  config: <SettingOutlined />,
  operators: <SafetyCertificateOutlined />,
  audit: <AuditOutlined />,
};

/** The screens the operator's permissions open, in menu order: a role never sees what it may not do. */
export function visibleSections(permissions: readonly TPermission[]) {
  return SECTIONS.filter((section) => permissions.includes(section.permission));
}

/** The side menu's entries for these permissions, keyed by path. */
export function buildMenuItems(permissions: readonly TPermission[], t: TFunction): NonNullable<MenuProps['items']> {
  return visibleSections(permissions).map((section) => ({
    key: section.path,
    icon: ICONS[section.key],
    label: t(`nav.${section.key}`),
  }));
}

/** The menu entry of a route: the section whose path starts it (`/members/…` is Members). */
export function selectedSection(pathname: string): string | undefined {
  return SECTIONS.find((section) => pathname === section.path || pathname.startsWith(`${section.path}/`))?.path;
}
