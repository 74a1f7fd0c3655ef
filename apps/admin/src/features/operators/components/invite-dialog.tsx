import { ZInviteOperatorRequest, type TEnrolmentLink, type TOperatorRole } from '@kpc/shared/operator';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { testId } from '@/lib/test-id.ts';
import { validateForm } from '@/lib/validate-form.ts';
import { useInviteOperator } from '../api/invite-operator.ts';
import { RolePicker } from './role-picker.tsx';

interface InviteValues {
  email: string;
  name: string;
  roles: TOperatorRole[];
}

/** Invites an operator: email, name and roles; answers the enrolment link to hand over. */
export function InviteDialog({
  open,
  onClose,
  onInvited,
}: {
  open: boolean;
  onClose: () => void;
  onInvited: (link: TEnrolmentLink) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<InviteValues>();
  const invite = useInviteOperator();

  function submit() {
    const values = form.getFieldsValue();
    const payload = validateForm(
      form,
      ZInviteOperatorRequest,
      { email: values.email ?? '', name: values.name ?? '', roles: values.roles ?? [] },
      ['email', 'name', 'roles'],
    );
    if (!payload) return;
    invite.mutate(payload, {
      onSuccess: (link) => {
        form.resetFields();
        onInvited(link);
      },
    });
  }

  return (
    <Modal
      open={open}
      title={t('operators.inviteTitle')}
      okText={t('operators.inviteSubmit')}
      cancelText={t('common.cancel')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={invite.isPending}
      okButtonProps={testId('invite-submit')}
      width={600}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false} preserve={false}>
        <Form.Item name="email" label={t('operators.email')}>
          <Input autoComplete="off" data-testid="invite-email" />
        </Form.Item>
        <Form.Item name="name" label={t('operators.name')}>
          <Input autoComplete="off" data-testid="invite-name" />
        </Form.Item>
        <Form.Item name="roles" label={t('operators.roles')}>
          <RolePicker />
        </Form.Item>
      </Form>
    </Modal>
  );
}
