import type { TPermission } from '@kpc/shared/operator';
import { Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/lib/session.ts';

/** Shows a screen only to roles that may see it (the menu hides it too; the server refuses its calls anyway). */
export function SectionGuard({ permission, children }: { permission: TPermission; children: ReactNode }) {
  const { t } = useTranslation();
  const allowed = useCan(permission);
  if (!allowed) return <Result status="403" title={t('forbidden.title')} subTitle={t('forbidden.text')} />;
  return children;
}
