import { ZSetOperatorRolesRequest, type TOperator, type TOperatorRole } from '@kpc/shared/operator';
import { Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { validateForm } from '@/lib/validate-form.ts';
import { useSetOperatorRoles } from '../api/set-operator-roles.ts';
import { RolePicker } from './role-picker.tsx';

/** Changes an operator's roles (the server keeps at least one active administrator). */
export function RolesDialog({ operator, onClose }: { operator: TOperator | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ roles: TOperatorRole[] }>();
  const setRoles = useSetOperatorRoles();

  function submit() {
    if (!operator) return;
    const payload = validateForm(
      form,
      ZSetOperatorRolesRequest,
      {
        id: operator.id,
        roles: (form.getFieldValue('roles') as TOperatorRole[] | undefined) ?? [],
      },
      ['roles'],
    );
    if (payload) setRoles.mutate(payload, { onSuccess: onClose });
  }

  return (
    <Modal
      open={operator !== null}
      title={t('operators.rolesTitle', { name: operator?.name ?? '' })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={setRoles.isPending}
      width={600}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ roles: operator?.roles ?? [] }}>
        <Form.Item name="roles" label={t('operators.roles')}>
          <RolePicker />
        </Form.Item>
      </Form>
    </Modal>
  );
}
