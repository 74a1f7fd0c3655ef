import {
  ADJUSTMENT_BUCKETS,
  ADJUSTMENT_HOUSE_ACCOUNTS,
  AdjustmentKind,
  ZProposeAdjustmentRequest,
  type TAdjustmentKind,
  type TProposeAdjustmentRequest,
} from '@kpc/shared/operator';
import { Alert, Form, Input, Modal, Select, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '@/lib/format.ts';
import { notifySuccess } from '@/lib/notify.ts';
import { testId } from '@/lib/test-id.ts';
import { validateForm } from '@/lib/validate-form.ts';
import { useProposeAdjustment } from '../api/adjustments.ts';

const ASSETS = ['USDT', 'KPC'];

interface PreviewLine {
  key: string;
  account: string;
  amount: string;
}

/** What the server will store as the postings (the same rule as modules/adjustments/service.ts). */
function previewOf(values: Partial<TProposeAdjustmentRequest>, label: (line: PreviewLine) => string): PreviewLine[] {
  const amount = values.amount?.trim();
  if (!amount || !/^\d+(\.\d+)?$/.test(amount) || !/[1-9]/.test(amount)) return [];
  const negative = `-${amount}`;
  let lines: PreviewLine[] = [];
  if (values.kind === AdjustmentKind.HOUSE_MOVE) {
    if (!values.fromHouse || !values.toHouse) return [];
    lines = [
      { key: 'from', account: `house:${values.fromHouse}`, amount: negative },
      { key: 'to', account: `house:${values.toHouse}`, amount },
    ];
  } else {
    if (!values.bucket) return [];
    const credit = values.kind === AdjustmentKind.MEMBER_CREDIT;
    lines = [
      { key: 'member', account: `member:${values.bucket}`, amount: credit ? amount : negative },
      { key: 'house', account: 'house:adjustments', amount: credit ? negative : amount },
    ];
  }
  return lines.map((line) => ({ ...line, account: label(line) }));
}

/** Proposes an adjustment: whose funds, which account, how much and why (public and internal), with its postings. */
export function ProposeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TProposeAdjustmentRequest>();
  const values = Form.useWatch([], form) as Partial<TProposeAdjustmentRequest> | undefined;
  const [kind, setKind] = useState<TAdjustmentKind>(AdjustmentKind.MEMBER_CREDIT);
  const propose = useProposeAdjustment();
  const isHouse = kind === AdjustmentKind.HOUSE_MOVE;

  const preview = previewOf({ ...values, kind }, (line) =>
    line.account.startsWith('house:')
      ? t('adjustments.detail.house', { name: line.account.slice(6) })
      : t('adjustments.detail.member', {
          bucket: t(`adjustments.buckets.${line.account.slice(7) as 'available'}`),
        }),
  );

  async function submit() {
    const raw = form.getFieldsValue();
    const payload = {
      kind,
      asset: raw.asset ?? 'USDT',
      amount: raw.amount ?? '',
      publicReason: raw.publicReason ?? '',
      internalReason: raw.internalReason ?? '',
      ...(isHouse ? { fromHouse: raw.fromHouse, toHouse: raw.toHouse } : { member: raw.member, bucket: raw.bucket }),
    };
    const parsed = validateForm(form, ZProposeAdjustmentRequest, payload);
    if (!parsed) return;
    try {
      const adjustment = await propose.mutateAsync(parsed);
      notifySuccess(t('adjustments.form.proposed', { id: adjustment.id }));
      form.resetFields();
      onClose();
    } catch {
      // The wire client has shown why.
    }
  }

  const houseOptions = ADJUSTMENT_HOUSE_ACCOUNTS.map((value) => ({ value, label: value }));
  return (
    <Modal
      open={open}
      title={t('adjustments.form.title')}
      okText={t('adjustments.form.submit')}
      cancelText={t('common.cancel')}
      okButtonProps={testId('propose-submit')}
      confirmLoading={propose.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      width={640}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ kind: AdjustmentKind.MEMBER_CREDIT, bucket: 'available', asset: 'USDT' }}
      >
        <Form.Item name="kind" label={t('adjustments.form.kind')}>
          <Select<TAdjustmentKind>
            onChange={setKind}
            options={Object.values(AdjustmentKind).map((value) => ({ value, label: t(`adjustments.kinds.${value}`) }))}
            data-testid="propose-kind"
          />
        </Form.Item>
        {isHouse ? (
          <div style={{ display: 'flex', gap: 12 }}>
            <Form.Item name="fromHouse" label={t('adjustments.form.fromHouse')} style={{ flex: 1 }}>
              <Select options={houseOptions} data-testid="propose-from-house" />
            </Form.Item>
            <Form.Item name="toHouse" label={t('adjustments.form.toHouse')} style={{ flex: 1 }}>
              <Select options={houseOptions} data-testid="propose-to-house" />
            </Form.Item>
          </div>
        ) : (
          <div style={{ display: 'flex', gap: 12 }}>
            <Form.Item name="member" label={t('adjustments.form.member')} style={{ flex: 2 }}>
              <Input placeholder={t('adjustments.form.memberPlaceholder')} data-testid="propose-member" />
            </Form.Item>
            <Form.Item name="bucket" label={t('adjustments.form.bucket')} style={{ flex: 1 }}>
              <Select
                options={ADJUSTMENT_BUCKETS.map((value) => ({ value, label: t(`adjustments.buckets.${value}`) }))}
                data-testid="propose-bucket"
              />
            </Form.Item>
          </div>
        )}
        <div style={{ display: 'flex', gap: 12 }}>
          <Form.Item name="asset" label={t('adjustments.form.asset')} style={{ flex: 1 }}>
            <Select options={ASSETS.map((value) => ({ value, label: value }))} data-testid="propose-asset" />
          </Form.Item>
          <Form.Item name="amount" label={t('adjustments.form.amount')} style={{ flex: 2 }}>
            <Input
              inputMode="decimal"
              placeholder={t('adjustments.form.amountPlaceholder')}
              className="mono"
              data-testid="propose-amount"
            />
          </Form.Item>
        </div>
        <Form.Item name="publicReason" label={t('adjustments.form.publicReason')}>
          <Input maxLength={200} showCount data-testid="propose-public-reason" />
        </Form.Item>
        <Form.Item name="internalReason" label={t('adjustments.form.internalReason')}>
          <Input.TextArea rows={2} maxLength={500} showCount data-testid="propose-internal-reason" />
        </Form.Item>
      </Form>
      <Typography.Title level={5}>{t('adjustments.form.preview')}</Typography.Title>
      {preview.length === 0 ? (
        <Alert type="info" showIcon title={t('adjustments.form.previewEmpty')} />
      ) : (
        <Table<PreviewLine>
          size="small"
          pagination={false}
          rowKey="key"
          dataSource={preview}
          data-testid="propose-preview"
          columns={[
            { title: t('adjustments.detail.account'), dataIndex: 'account' },
            {
              title: t('adjustments.detail.amount'),
              dataIndex: 'amount',
              align: 'right',
              render: (amount: string) => (
                <span className="mono">
                  {amount.startsWith('-') ? `-${formatAmount(amount.slice(1))}` : `+${formatAmount(amount)}`}{' '}
                  {values?.asset ?? 'USDT'}
                </span>
              ),
            },
          ]}
        />
      )}
    </Modal>
  );
}
