import { CreditCard, House, UserCircle, type Icon } from '@phosphor-icons/react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { getPathname, ROUTES } from '@/config/routes.ts';
import { switchTab } from '@/lib/navigation.ts';

const TABS: readonly { path: string; label: 'tabs.home' | 'tabs.card' | 'tabs.mine'; Icon: Icon; testId: string }[] = [
  { path: ROUTES.home, label: 'tabs.home', Icon: House, testId: 'tab-home' },
  { path: ROUTES.cardList, label: 'tabs.card', Icon: CreditCard, testId: 'tab-card' },
  { path: ROUTES.mine, label: 'tabs.mine', Icon: UserCircle, testId: 'tab-mine' },
];

/** SPEC §2 "Tab bar": home, card, mine; filled icon and #415FFF when selected (sizes in global.css). */
export function TabBar() {
  const { t } = useTranslation();
  const currentPath = getPathname(useLocation().pathname);
  return (
    <nav className="tab-bar">
      {TABS.map(({ path, label, Icon, testId }) => {
        const isSelected = currentPath === path;
        return (
          <button
            key={path}
            type="button"
            className={isSelected ? 'tab-bar__item tab-bar__item--selected' : 'tab-bar__item'}
            aria-current={isSelected ? 'page' : undefined}
            data-testid={testId}
            onClick={() => switchTab(path)}
          >
            <Icon size={24} weight={isSelected ? 'fill' : 'regular'} />
            <span className="tab-bar__label">{t(label)}</span>
          </button>
        );
      })}
    </nav>
  );
}
