import type { TAdjustmentStatus } from '@kpc/shared/operator';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<TAdjustmentStatus, string> = {
  pending: 'gold',
  accepted: 'green',
  rejected: 'red',
  expired: 'default',
};

/** An adjustment's state in the section's own words. */
export function AdjustmentStatusTag({ status }: { status: TAdjustmentStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status]} data-testid="adjustment-status">
      {t(`adjustments.statuses.${status}`)}
    </Tag>
  );
}
