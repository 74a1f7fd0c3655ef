import { SubmitButton } from '@/components/submit-button.tsx';
import {
  detectCardNetwork,
  formatCardNumber,
  normalizeCardNumber,
  ZCardBindRequest,
  CARD_NUMBER_LENGTH,
} from '@kpc/shared';
import { useQuery } from '@tanstack/react-query';
import { IdentificationCard } from '@phosphor-icons/react';
import { Button, Form } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AppForm } from '@/components/app-form.tsx';
import { FormInput } from '@/components/form-input.tsx';
import { PageNavBar } from '@/components/page-nav-bar.tsx';
import { ROUTES } from '@/config/routes.ts';
import { appConfigQueryOptions } from '@/lib/api/app-config.ts';
import { switchTab } from '@/lib/navigation.ts';
import { showToast } from '@/lib/toast.ts';
import { clearChangedFieldErrors, validateForm } from '@/lib/validate-form.ts';
import { useBindCard } from '@/features/card/api/bind-card.ts';
import { useCardList } from '@/features/card/api/get-card-list.ts';
import { getSandboxCard } from '@/features/card/api/get-sandbox-card.ts';
import { useCardNames } from '@/features/card/hooks/use-card-names.ts';
import { BIND_CARD_ID_PARAM } from '@/features/card/utils/bind-params.ts';
import '@/features/card/card.css';

/** A 16-digit number in groups of four with the spaces: what the input holds at most. */
const GROUPED_NUMBER_LENGTH = CARD_NUMBER_LENGTH + CARD_NUMBER_LENGTH / 4 - 1;

/** What the member types, kept as digits in groups of four (`5222 2212 3456 7890`). */
function groupDigits(value: string): string {
  return formatCardNumber(normalizeCardNumber(value).replace(/\D/g, '').slice(0, CARD_NUMBER_LENGTH));
}

/**
 * /pages/card/index (login required; SPEC §5 "Enter card number and ID to bind a card", §8 "Bound
 * successfully") — the number and ID printed on one of the member's issued cards, checked here with
 * the shared schema (16 digits of a known network, Luhn, the ID's form) and by the server against
 * the issued record. "Go to Bind" names the card (`?id=`, its record id only; without it, the
 * member's only unbound card). In development a button fills in what the sandbox issuer "posted"
 * (`/api/dev/card/delivery`).
 */
export function CardBindPage() {
  const { t } = useTranslation();
  const names = useCardNames();
  const [form] = Form.useForm();
  const [searchParams] = useSearchParams();
  const recordId = searchParams.get(BIND_CARD_ID_PARAM);
  const cards = useCardList();
  const config = useQuery(appConfigQueryOptions());
  const bindMutation = useBindCard();
  const typedNumber = Form.useWatch<string | undefined>('cardNumber', form);
  const network = detectCardNetwork(normalizeCardNumber(typedNumber ?? ''));
  // The card being bound: the one "Go to Bind" was pressed on, or the member's only unbound card.
  const unbound = cards.data?.list.filter((item) => !item.isBound) ?? [];
  const card = recordId ? unbound.find((item) => item.id === recordId) : unbound.length === 1 ? unbound[0] : undefined;

  async function handleFinish(values: Record<string, unknown>) {
    const payload = validateForm(form, ZCardBindRequest, values);
    if (!payload) return;
    try {
      await bindMutation.mutateAsync(payload);
    } catch {
      return; // Toasted by the request client (not your card, a wrong ID, bound already).
    }
    showToast(t('card.bind.success'));
    switchTab(ROUTES.cardList);
  }

  async function fillFromSandbox() {
    if (!card) return;
    try {
      const delivered = await getSandboxCard(card.id);
      form.setFields([
        { name: 'cardNumber', value: formatCardNumber(delivered.cardNumber), errors: [] },
        { name: 'cardId', value: delivered.cardId, errors: [] },
      ]);
    } catch {
      // Toasted by the request client (another issuer than the sandbox has no such door).
    }
  }

  return (
    <div className="page" data-testid="card-bind-page">
      <PageNavBar title={t('card.bind.title')} />
      <section className="summary-card">
        <IdentificationCard className="summary-card__icon" size={40} weight="duotone" aria-hidden="true" />
        <div className="summary-card__main">
          <strong className="card-bind__lead">{t('validation.cardBindRequired')}</strong>
          <span className="summary-card__muted">{t('card.bind.intro')}</span>
          {card && (
            <span className="summary-card__muted" data-testid="card-bind-card">
              {t('card.bind.binding', { product: names.product(card.product), last4: card.last4 })}
            </span>
          )}
        </div>
      </section>
      <AppForm
        form={form}
        mode="card"
        layout="vertical"
        onValuesChange={(changed: object) => clearChangedFieldErrors(form, changed)}
        onFinish={(values: Record<string, unknown>) => void handleFinish(values)}
        data-testid="card-bind-form"
        footer={
          <SubmitButton testId="card-bind-submit" isLoading={bindMutation.isPending}>
            {t('card.bind.submit')}
          </SubmitButton>
        }
      >
        <Form.Item
          name="cardNumber"
          label={t('card.bind.cardNumber')}
          getValueFromEvent={(value: string) => groupDigits(value)}
          extra={
            network ? (
              <span className="card-bind__network" data-testid="card-bind-network">
                {names.network(network)}
              </span>
            ) : null
          }
        >
          <FormInput
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="0000 0000 0000 0000"
            maxLength={GROUPED_NUMBER_LENGTH}
            testId="card-bind-number"
          />
        </Form.Item>
        <Form.Item
          name="cardId"
          label={t('card.bind.cardId')}
          getValueFromEvent={(value: string) => value.toUpperCase()}
        >
          <FormInput
            autoComplete="off"
            autoCapitalize="characters"
            placeholder={t('card.bind.cardIdPlaceholder')}
            maxLength={12}
            testId="card-bind-id"
          />
        </Form.Item>
      </AppForm>
      {card && config.data?.devClock && (
        <div className="page-link-row">
          <Button fill="none" color="primary" onClick={() => void fillFromSandbox()} data-testid="card-bind-sandbox">
            {t('card.bind.sandboxFill')}
          </Button>
        </div>
      )}
    </div>
  );
}
