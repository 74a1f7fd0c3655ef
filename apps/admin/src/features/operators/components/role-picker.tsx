import { OPERATOR_ROLES, type TOperatorRole } from '@kpc/shared/operator';
import { Checkbox, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The five roles, each with what it may do, to tick one or more (a Form control: value / onChange). */
export function RolePicker({
  value,
  onChange,
}: {
  value?: TOperatorRole[];
  onChange?: (roles: TOperatorRole[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <Checkbox.Group value={value ?? []} onChange={(roles) => onChange?.(roles)} style={{ width: '100%' }}>
      <Space orientation="vertical" size={8} style={{ width: '100%' }}>
        {OPERATOR_ROLES.map((role) => (
          <Checkbox key={role} value={role} data-testid={`role-${role}`}>
            <Typography.Text strong>{t(`roles.${role}.name`)}</Typography.Text>
            <Typography.Text type="secondary"> — {t(`roles.${role}.description`)}</Typography.Text>
          </Checkbox>
        ))}
      </Space>
    </Checkbox.Group>
  );
}
