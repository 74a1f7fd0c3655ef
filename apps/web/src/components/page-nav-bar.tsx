import { CaretLeft } from '@phosphor-icons/react';
import { NavBar } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { navigateBack } from '@/lib/navigation.ts';
import './page-nav-bar.css';

/** The top bar of a non-tab page: back (or home when opened directly) and the page title. */
export function PageNavBar({ title, right }: { title: ReactNode; right?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <NavBar
      className="page-nav-bar"
      backIcon={<CaretLeft size={22} weight="bold" aria-label={t('common.back')} data-testid="nav-back" />}
      right={right}
      onBack={navigateBack}
    >
      {title}
    </NavBar>
  );
}
