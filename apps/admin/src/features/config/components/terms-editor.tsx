import type { TTermsDomain } from '@kpc/shared/operator';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Form, Input, InputNumber, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format.ts';
import { RequestError } from '@/lib/request.ts';
import { testId } from '@/lib/test-id.ts';
import { configQueryKey } from '../api/config-history.ts';
import { setTerms } from '../api/config-terms.ts';

/** A field of a domain's terms: a decimal string, a whole count, a list of decimals, or a switch. */
export interface TermsField {
  name: string;
  kind: 'decimal' | 'count' | 'list' | 'switch';
}

type Terms = Record<string, unknown>;

function show(value: unknown): string {
  if (Array.isArray(value)) return value.map((item) => show(item)).join(', ');
  if (typeof value === 'boolean') return value ? '✓' : '✗';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return '';
}

function toForm(fields: readonly TermsField[], terms: Terms): Terms {
  const entries: [string, unknown][] = fields.map((field) => [
    field.name,
    field.kind === 'list' ? show(terms[field.name]) : terms[field.name],
  ]);
  return Object.fromEntries(entries);
}

function fromForm(fields: readonly TermsField[], values: Terms): Terms {
  return Object.fromEntries(
    fields.map((field): [string, unknown] => {
      const value = values[field.name];
      if (field.kind === 'list')
        return [
          field.name,
          show(value)
            .split(/[,\s]+/)
            .filter(Boolean),
        ];
      if (field.kind === 'count') return [field.name, Number(value)];
      if (field.kind === 'switch') return [field.name, Boolean(value)];
      return [field.name, show(value).trim()];
    }),
  );
}

export interface TermsEditorProps {
  domain: TTermsDomain;
  fields: readonly TermsField[];
  current: Terms;
  version: number;
  scheduled?: { terms: Terms; effectiveFrom: string } | null;
  /** Whether a start time may be chosen (exchange pairs apply at once). */
  schedulable?: boolean;
  /** Sent with every save (an exchange pair's assets). */
  extraBody?: Record<string, unknown>;
}

/**
 * A domain's terms: what is in effect, a form for the new terms with the reason and the start time,
 * a confirmation showing before → after, and the server's refusal (the rule broken) on screen.
 */
export function TermsEditor({
  domain,
  fields,
  current,
  version,
  scheduled,
  schedulable = true,
  extraBody,
}: TermsEditorProps) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Terms>();
  const [failure, setFailure] = useState<string | null>(null);
  const label = (name: string): string => t(`config.terms.fields.${name}` as 'config.terms.fields.feeRate');

  const save = async (values: Terms) => {
    setFailure(null);
    const after = fromForm(fields, values);
    const effective =
      typeof values.effectiveFrom === 'string' && values.effectiveFrom ? new Date(values.effectiveFrom) : null;
    const changed = fields.filter((field) => show(current[field.name]) !== show(after[field.name]));
    modal.confirm({
      title: t('config.terms.confirmTitle'),
      width: 560,
      okButtonProps: testId('config-confirm'),
      content: (
        <div data-testid="config-confirm-diff">
          {(changed.length > 0 ? changed : fields).map((field) => (
            <div key={field.name} className="mono">
              {label(field.name)}: {show(current[field.name])} → {show(after[field.name])}
            </div>
          ))}
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
            {t('config.terms.appliesFrom', {
              when: effective ? formatDateTime(effective.toISOString()) : t('config.terms.now'),
            })}
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
        await setTerms(domain, {
          ...extraBody,
          terms: after,
          reason: values.reason,
          version,
          ...(effective ? { effectiveFrom: effective.toISOString() } : {}),
        });
        void message.success(t('config.terms.saved'));
        form.resetFields(['reason', 'effectiveFrom']);
        await queryClient.invalidateQueries({ queryKey: configQueryKey(domain) });
      } catch (error) {
        setFailure(error instanceof RequestError ? error.message : String(error));
      }
    }
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Descriptions
        bordered
        size="small"
        column={2}
        title={t('config.terms.current', { version })}
        data-testid={`config-current-${domain}`}
        items={fields.map((field) => ({
          key: field.name,
          label: label(field.name),
          children: <span className="mono">{show(current[field.name])}</span>,
        }))}
      />
      {scheduled && (
        <Alert
          type="info"
          showIcon
          message={t('config.terms.scheduled', { when: formatDateTime(scheduled.effectiveFrom) })}
          description={
            <span className="mono">
              {fields.map((f) => `${label(f.name)}: ${show(scheduled.terms[f.name])}`).join(' · ')}
            </span>
          }
        />
      )}
      <Card size="small" title={t('config.terms.newTerms')}>
        <Form
          form={form}
          layout="vertical"
          initialValues={toForm(fields, current)}
          onFinish={(values) => void save(values)}
          data-testid={`config-form-${domain}`}
        >
          <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', columnGap: 16 }}>
            {fields.map((field) => (
              <Form.Item
                key={field.name}
                name={field.name}
                label={label(field.name)}
                valuePropName={field.kind === 'switch' ? 'checked' : 'value'}
                rules={field.kind === 'switch' ? [] : [{ required: true, message: t('config.terms.required') }]}
                extra={field.kind === 'list' ? t('config.terms.listHint') : undefined}
              >
                {field.kind === 'switch' ? (
                  <Switch data-testid={`config-field-${field.name}`} />
                ) : field.kind === 'count' ? (
                  <InputNumber precision={0} style={{ width: '100%' }} data-testid={`config-field-${field.name}`} />
                ) : (
                  <Input className="mono" data-testid={`config-field-${field.name}`} />
                )}
              </Form.Item>
            ))}
          </div>
          <div style={{ display: 'grid', gridTemplateColumns: schedulable ? '2fr 1fr' : '1fr', columnGap: 16 }}>
            <Form.Item
              name="reason"
              label={t('config.terms.reason')}
              rules={[{ required: true, min: 3, message: t('config.terms.reasonRequired') }]}
            >
              <Input.TextArea rows={2} maxLength={500} data-testid="config-reason" />
            </Form.Item>
            {schedulable && (
              <Form.Item
                name="effectiveFrom"
                label={t('config.terms.effectiveFrom')}
                extra={t('config.terms.effectiveHint')}
              >
                <Input type="datetime-local" data-testid="config-effective" />
              </Form.Item>
            )}
          </div>
          {failure && (
            <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} data-testid="config-error" />
          )}
          <Button type="primary" htmlType="submit" data-testid="config-save">
            {t('config.terms.save')}
          </Button>
        </Form>
      </Card>
    </Space>
  );
}
