import { Alert, App, Button, Checkbox, Drawer, Form, Input, InputNumber, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '@/lib/request.ts';
import { notifySuccess } from '@/lib/notify.ts';
import { useProductChange, type ProductRow } from './api.ts';
import { showField, textOf, type DomainSpec, type FieldSpec } from './domains.ts';
import { useLabels } from './labels.ts';

interface Props {
  spec: DomainSpec;
  /** The row edited, or null for a new one; undefined: closed. */
  row: ProductRow | null | undefined;
  onClose: () => void;
}

type Values = Record<string, unknown> & { reason?: string };

/** One field's input; Form.Item hands it `value` and `onChange`, passed on to the control. */
function FieldInput({
  field,
  disabled,
  ...control
}: {
  field: FieldSpec;
  disabled: boolean;
  value?: never;
  onChange?: never;
}) {
  const { label } = useLabels();
  const testId = `config-field-${field.name}`;
  if (field.kind === 'int') {
    return <InputNumber {...control} precision={0} style={{ width: '100%' }} data-testid={testId} />;
  }
  if (field.kind === 'networks')
    return <Checkbox.Group {...control} options={['mastercard', 'visa']} data-testid={testId} />;
  return (
    <Input
      {...control}
      disabled={disabled}
      data-testid={testId}
      className="mono"
      placeholder={field.kind === 'rate' ? label('hints.rate') : undefined}
    />
  );
}

/** The phase table: one daily ratio per 30-day phase, added and removed in order (no gaps). */
function PhaseList() {
  const { label } = useLabels();
  return (
    <Form.List name="phaseRatios">
      {(items, { add, remove }) => (
        <Space direction="vertical" style={{ width: '100%' }}>
          {items.map((item, index) => (
            <Space key={item.key} align="baseline">
              <Typography.Text type="secondary">{label('phase', { n: index + 1 })}</Typography.Text>
              <Form.Item name={item.name} noStyle>
                <Input className="mono" style={{ width: 160 }} data-testid={`config-phase-${index + 1}`} />
              </Form.Item>
              <Button size="small" onClick={() => remove(item.name)}>
                {label('actions.removePhase')}
              </Button>
            </Space>
          ))}
          <Button size="small" onClick={() => add('0.0035')} data-testid="config-phase-add">
            {label('actions.addPhase')}
          </Button>
        </Space>
      )}
    </Form.List>
  );
}

/**
 * Creates or changes one row: the fields as decimal strings, a reason, then a confirmation showing
 * every changed field before -> after. A refusal (a rule, someone saved first) stays on screen with
 * the server's reason; nothing was written.
 */
export function ProductEditDrawer({ spec, row, onClose }: Props) {
  const { t } = useTranslation();
  const { label, field: fieldLabel } = useLabels();
  const { modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const change = useProductChange(spec.domain);
  const [error, setError] = useState<string | null>(null);
  const open = row !== undefined;
  const isNew = row === null;

  function body(values: Values): Record<string, unknown> {
    const terms = Object.fromEntries(
      spec.fields.map((f) => {
        const value = values[f.name];
        if (f.kind === 'int') return [f.name, typeof value === 'number' ? value : Number(value)];
        if (f.kind === 'ratios') return [f.name, ((value as unknown[] | undefined) ?? []).map((r) => textOf(r).trim())];
        if (f.kind === 'networks') return [f.name, value ?? []];
        return [f.name, textOf(value).trim()];
      }),
    );
    const key = spec.key === 'code' ? { code: terms.code, isNew } : row ? { id: row.id } : {};
    return { ...terms, ...key, version: row?.version ?? 0, reason: (values.reason ?? '').trim() };
  }

  function confirm() {
    const values = form.getFieldsValue(true) as Values;
    const next = body(values);
    const changed = spec.fields.filter((f) => JSON.stringify(row?.[f.name] ?? null) !== JSON.stringify(next[f.name]));
    if (!isNew && changed.length === 0) {
      setError(label('nothingChanged'));
      return;
    }
    modal.confirm({
      title: isNew ? label('confirm.createTitle') : label('confirm.changeTitle'),
      width: 560,
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      content: (
        <div data-testid="config-confirm">
          {changed.map((f) => (
            <div key={f.name} className="mono">
              {fieldLabel(f.name)}: {isNew ? '' : `${showField(f.kind, row?.[f.name])} → `}
              <strong>{showField(f.kind, next[f.name])}</strong>
            </div>
          ))}
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
            {label('confirm.newOrdersOnly')}
          </Typography.Paragraph>
        </div>
      ),
      // The confirmation closes first: a step-up prompt the save may need then shows on its own.
      onOk: () => {
        void submit();
      },
    });
    async function submit() {
      try {
        await change.mutateAsync({ action: 'save', body: next });
        notifySuccess(label('saved'));
        onClose();
      } catch (failure) {
        setError(failure instanceof RequestError ? failure.message : label('failed'));
      }
    }
  }

  return (
    <Drawer
      open={open}
      onClose={onClose}
      width={520}
      destroyOnHidden
      title={isNew ? label('drawer.newTitle') : label('drawer.editTitle', { id: textOf(row?.[spec.key]) })}
      extra={
        <Button type="primary" onClick={confirm} loading={change.isPending} data-testid="config-save">
          {label('actions.save')}
        </Button>
      }
    >
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} data-testid="config-error" />}
      <Alert type="info" showIcon message={label('drawer.newOrdersOnly')} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" requiredMark={false} initialValues={{ ...(row ?? spec.blank), reason: '' }}>
        {spec.fields.map((f) =>
          f.kind === 'ratios' ? (
            <Form.Item key={f.name} label={fieldLabel(f.name)} extra={label('hints.phases')}>
              <PhaseList />
            </Form.Item>
          ) : (
            <Form.Item
              key={f.name}
              name={f.name}
              label={fieldLabel(f.name)}
              extra={f.kind === 'rate' ? label('hints.rate') : undefined}
            >
              <FieldInput field={f} disabled={Boolean(f.fixed && !isNew)} />
            </Form.Item>
          ),
        )}
        <Form.Item name="reason" label={label('reason')} extra={label('hints.reason')}>
          <Input.TextArea rows={2} maxLength={500} data-testid="config-reason" />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
