import { CardProduct } from '@kpc/shared';
import { CreditCard, IdentificationCard, PlusCircle, Ticket, type Icon } from '@phosphor-icons/react';
import { Button, Empty } from 'antd-mobile';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@/components/load-failed.tsx';
import { PageLink } from '@/components/page-link.tsx';
import { RefreshArea } from '@/components/refresh-area.tsx';
import { TabPageHeader } from '@/components/tab-page-header.tsx';
import { ROUTES } from '@/config/routes.ts';
import { navigateTo } from '@/lib/navigation.ts';
import { useCardApplications } from '@/features/card/api/get-card-applications.ts';
import { useCardList } from '@/features/card/api/get-card-list.ts';
import { CardApplicationItem } from '@/features/card/components/card-application-item.tsx';
import { CardListItem } from '@/features/card/components/card-list-item.tsx';
import { useCardNames } from '@/features/card/hooks/use-card-names.ts';
import { useRefreshOnIssue } from '@/features/card/hooks/use-refresh-on-issue.ts';
import '@/components/page-loading.css';
import '@/components/quick-actions.css';
import '@/components/record.css';
import '@/features/card/card.css';

interface Action {
  key: string;
  label: string;
  icon: Icon;
  to: string;
}

/**
 * /pages/card/list (tab, login required; SPEC §2 "Card pages", issue 11 §3, §7) — the member's
 * cards drawn as cards (bound ones open their page, the others offer "Go to Bind"), their card
 * applications with where each stands, and the ways to apply, to the activation codes and to bind.
 * While an application is with the issuer the page asks every few seconds, so its approval and the
 * issued card show without a reload.
 */
export function CardListPage() {
  const { t } = useTranslation();
  const names = useCardNames();
  const cardsQuery = useCardList();
  const applicationsQuery = useCardApplications();
  const cards = cardsQuery.data?.list;
  const applications = applicationsQuery.data?.list;
  const refetchCards = cardsQuery.refetch;
  useRefreshOnIssue(
    applications,
    useCallback(() => void refetchCards(), [refetchCards]),
  );

  const actions: Action[] = [
    { key: 'apply', label: t('card.actions.apply'), icon: PlusCircle, to: ROUTES.cardOpen },
    { key: 'codes', label: t('card.actions.codes'), icon: Ticket, to: ROUTES.activationCodes },
    { key: 'bind', label: t('card.actions.bind'), icon: IdentificationCard, to: ROUTES.cardBind },
  ];

  let body;
  if (cards && applications) {
    if (cards.length === 0 && applications.length === 0) {
      body = (
        <div className="card-empty" data-testid="card-list-empty">
          <Empty
            className="card-empty__image"
            image={<CreditCard size={64} weight="thin" />}
            description={t('card.empty')}
          />
          <p className="card-empty__text">
            {/* The products by the names the apply flow gives them (card.product.*), never spelled out again. */}
            {t('card.emptyHint', {
              gold: names.product(CardProduct.GOLD_EAGLE),
              royal: names.product(CardProduct.ROYAL_BLACK_EAGLE),
            })}
          </p>
          <div className="card-empty__actions">
            <Button
              block
              color="primary"
              size="large"
              onClick={() => void navigateTo(ROUTES.cardOpen)}
              data-testid="card-empty-apply"
            >
              {t('card.actions.apply')}
            </Button>
            <Button
              block
              fill="outline"
              color="primary"
              size="large"
              onClick={() => void navigateTo(ROUTES.cardBind)}
              data-testid="card-empty-bind"
            >
              {t('card.actions.bind')}
            </Button>
          </div>
          <div className="page-link-row">
            <PageLink to={ROUTES.activationCodes} testId="card-empty-codes">
              {t('card.actions.codes')}
            </PageLink>
          </div>
        </div>
      );
    } else {
      body = (
        <>
          {cards.length > 0 && (
            <>
              <h2 className="section-title">{t('card.cards')}</h2>
              <ul className="card-items" data-testid="card-items">
                {cards.map((card) => (
                  <CardListItem key={card.id} card={card} />
                ))}
              </ul>
            </>
          )}
          {applications.length > 0 && (
            <>
              <h2 className="section-title">{t('card.applications.title')}</h2>
              <ul className="record-list" data-testid="card-applications">
                {applications.map((application) => (
                  <CardApplicationItem key={application.id} application={application} />
                ))}
              </ul>
            </>
          )}
        </>
      );
    }
  } else if (cardsQuery.isError || applicationsQuery.isError) {
    body = (
      <LoadFailed
        onRetry={() => {
          if (cardsQuery.isError) void cardsQuery.refetch();
          if (applicationsQuery.isError) void applicationsQuery.refetch();
        }}
      />
    );
  } else {
    body = (
      <div className="card-loading" role="status" aria-label={t('list.loading')} data-testid="card-list-loading">
        <div className="card-loading__face skeleton" />
        <div className="card-loading__row skeleton" />
        <div className="card-loading__row skeleton" />
      </div>
    );
  }

  const hasContent = (cards?.length ?? 0) > 0 || (applications?.length ?? 0) > 0;
  return (
    <div className="page page--tab" data-testid="card-list-page">
      <TabPageHeader title={t('card.title')} />
      <RefreshArea onRefresh={() => Promise.all([cardsQuery.refetch(), applicationsQuery.refetch()])}>
        {hasContent && (
          <nav className="quick-actions quick-actions--card card-actions" aria-label={t('card.actions.title')}>
            {actions.map(({ key, label, icon: ActionIcon, to }) => (
              <button
                key={key}
                type="button"
                className="quick-actions__item"
                onClick={() => void navigateTo(to)}
                data-testid={`card-action-${key}`}
              >
                <span className="quick-actions__icon">
                  <ActionIcon size={22} weight="bold" aria-hidden="true" />
                </span>
                <span className="quick-actions__label">{label}</span>
              </button>
            ))}
          </nav>
        )}
        {body}
      </RefreshArea>
    </div>
  );
}
