import { useTranslation } from 'react-i18next';

/**
 * A KLK level's name in the interface language (the broker package page, the team page); a level
 * added later by configuration shows its own id.
 */
export function useKlkLevelName(): (level: string) => string {
  const { t } = useTranslation();
  return (level) => t(`klk.levels.${level}`, { defaultValue: level });
}
