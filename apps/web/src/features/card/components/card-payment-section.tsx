import { formatNumber, type TActivationCode, type TCardPayment, type TCardProductInfo } from '@kpc/shared';
import { WarningCircle } from '@phosphor-icons/react';
import { Form, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { AppForm } from '@/components/app-form.tsx';
import { ChoiceSelector } from '@/components/choice-selector.tsx';
import { FormInput } from '@/components/form-input.tsx';
import { PageLink } from '@/components/page-link.tsx';
import { ROUTES } from '@/config/routes.ts';
import { clearChangedFieldErrors } from '@/lib/validate-form.ts';

type FormInstance = ReturnType<typeof Form.useForm>[0];

/** How many of the member's unused codes are offered to tap. */
const CODES_TO_PICK = 3;
export type TPaymentMethod = TCardPayment['method'];

/** An activation code as typed or as issued, compared: case-blind, without the group dashes. */
export function normalizeCode(code: string | undefined | null): string {
  return (code ?? '').replace(/[\s-]/g, '').toUpperCase();
}

interface CardPaymentSectionProps {
  method: TPaymentMethod;
  onMethodChange: (method: TPaymentMethod) => void;
  /** The member's unused codes; undefined while they load. */
  codes: readonly TActivationCode[] | undefined;
  codeForm: FormInstance;
  product: TCardProductInfo | undefined;
  /** USDT available; undefined while unknown (never a false 0). */
  available: string | undefined;
  isInsufficient: boolean;
}

/**
 * How the application is paid (issue 11 §3): an activation code — one of the member's unused codes
 * picked, or one typed — or the application total from USDT available, with the balance beside it
 * and, when it falls short, what is missing and the way to deposit. Test ids
 * `card-open-pay-{code,balance}`, `card-open-code-<id>`, `card-open-code`, `card-open-available`,
 * `card-open-total`, `card-open-insufficient`, `card-open-deposit`.
 */
export function CardPaymentSection({
  method,
  onMethodChange,
  codes,
  codeForm,
  product,
  available,
  isInsufficient,
}: CardPaymentSectionProps) {
  const { t } = useTranslation();
  const typedCode = Form.useWatch<string | undefined>('code', codeForm);
  const asset = product?.asset ?? 'USDT';
  const money = (value: string) => `${formatNumber(value)} ${asset}`;
  const usable = (codes ?? []).filter((code) => code.code !== null);
  // Any code pays the same: a few to tap are enough (the rest can be typed or copied from the codes page).
  const offered = usable.slice(0, CODES_TO_PICK);

  return (
    <section className="card-pay" data-testid="card-open-payment">
      <ChoiceSelector<TPaymentMethod>
        columns={2}
        value={method}
        onChange={onMethodChange}
        choices={[
          {
            value: 'code',
            label: t('card.open.payByCode'),
            description: codes === undefined ? undefined : t('card.open.unusedCodes', { count: usable.length }),
            testId: 'card-open-pay-code',
          },
          {
            value: 'balance',
            label: t('card.open.payByBalance'),
            description: product ? money(product.applicationTotal) : undefined,
            testId: 'card-open-pay-balance',
          },
        ]}
      />
      {method === 'code' ? (
        <div className="card-pay__body">
          {usable.length > 0 && (
            <>
              <p className="card-pay__hint">{t('card.open.pickCode')}</p>
              <ChoiceSelector<string>
                columns={1}
                value={offered.find((code) => normalizeCode(code.code) === normalizeCode(typedCode))?.id ?? ''}
                onChange={(id) => {
                  const picked = offered.find((code) => code.id === id);
                  codeForm.setFields([{ name: 'code', value: picked?.code ?? '', errors: [] }]);
                }}
                choices={offered.map((code) => ({
                  value: code.id,
                  label: <span className="card-pay__code">{code.code}</span>,
                  testId: `card-open-code-${code.id}`,
                }))}
              />
            </>
          )}
          {codes !== undefined && usable.length === 0 && (
            <p className="card-pay__hint" data-testid="card-open-no-codes">
              {t('card.open.noCodes')}{' '}
              <PageLink to={ROUTES.klk} testId="card-open-klk">
                {t('card.open.getCodes')}
              </PageLink>
            </p>
          )}
          <AppForm
            form={codeForm}
            mode="card"
            layout="vertical"
            className="card-pay__form"
            onValuesChange={(changed: object) => clearChangedFieldErrors(codeForm, changed)}
          >
            <Form.Item name="code" label={t('card.open.code')}>
              <FormInput
                placeholder="XXXX-XXXX-XXXX-XXXX"
                autoComplete="off"
                autoCapitalize="characters"
                maxLength={24}
                testId="card-open-code"
              />
            </Form.Item>
          </AppForm>
          <p className="card-pay__hint">{t('card.open.codeCovers')}</p>
        </div>
      ) : (
        <div className="card-pay__body">
          <dl className="record__facts card-pay__facts">
            <div>
              <dt>{t('asset.available')}</dt>
              <dd data-testid="card-open-available">
                {available === undefined ? <Skeleton animated className="card-pay__skeleton" /> : money(available)}
              </dd>
            </div>
            <div>
              <dt>{t('card.open.toPay')}</dt>
              <dd data-testid="card-open-total">{product ? money(product.applicationTotal) : '—'}</dd>
            </div>
          </dl>
          {product && (
            <p className="card-pay__hint">
              {t('card.open.totalMadeOf', {
                issuance: money(product.fees.issuance),
                kyc: money(product.fees.kyc),
                topUp: money(product.fees.initialTopUp),
              })}
            </p>
          )}
          {isInsufficient && (
            <p className="card-pay__short" role="alert" data-testid="card-open-insufficient">
              <WarningCircle size={18} aria-hidden="true" />
              <span>
                {t('card.open.insufficient')}{' '}
                <PageLink to={ROUTES.recharge} testId="card-open-deposit">
                  {t('card.open.deposit')}
                </PageLink>
              </span>
            </p>
          )}
        </div>
      )}
    </section>
  );
}
