import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Colours of the states operators watch: waiting (gold), moving (blue), done (green), stopped (red). */
const COLORS: Record<string, string> = {
  submitted: 'gold',
  pending: 'gold',
  unattributed: 'orange',
  approved: 'blue',
  sending: 'blue',
  confirming: 'processing',
  completed: 'green',
  credited: 'green',
  active: 'green',
  issued: 'green',
  rejected: 'red',
  failed: 'red',
  unknown: 'magenta',
  reorged: 'red',
  below_minimum: 'default',
  frozen: 'cyan',
  disabled: 'default',
};

/** A record's state, translated where the console knows it (`status.<value>`), as it comes otherwise. */
export function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status] ?? 'default'}>
      {t(`status.${status}` as 'status.submitted', { defaultValue: status })}
    </Tag>
  );
}
