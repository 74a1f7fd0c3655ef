import { CONFIG_DOMAINS, TERMS_DOMAINS, type TConfigDomain, type TTermsDomain } from '@kpc/shared/operator';
import { Alert, Breadcrumb, Divider, Skeleton, Tag } from 'antd';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageTitle } from '@/components/page-title.tsx';
import { ROUTES } from '@/config/routes.ts';
import { ConfigHistory } from '../components/config-history.tsx';
import { AssetsPanel, ExchangePanel, VersionedPanel } from '../components/terms-panels.tsx';
import { PRODUCT_DOMAIN_PAGES } from '../products/index.ts';
import { MONEY_DOMAINS } from '../money-domains.ts';

/** The product domains' pages, each loaded when first opened. */
const PRODUCT_PAGES: Partial<Record<TConfigDomain, LazyExoticComponent<ComponentType>>> = Object.fromEntries(
  Object.entries(PRODUCT_DOMAIN_PAGES).map(([domain, load]) => [domain, lazy(load)]),
);

const isTerms = (domain: TConfigDomain): domain is TTermsDomain =>
  (TERMS_DOMAINS as readonly string[]).includes(domain);

function TermsPanel({ domain }: { domain: TTermsDomain }) {
  if (domain === 'exchange') return <ExchangePanel />;
  if (domain === 'assets') return <AssetsPanel />;
  return <VersionedPanel domain={domain} />;
}

/**
 * `/config/:domain` (Step 8b §2): the domain's page. The terms domains (withdrawal, exchange,
 * assets, levels, airdrop) are edited here; a product domain opens its own page (loaded lazily
 * from `products/`). Every page shows the domain's versions under its form.
 */
export default function ConfigDomainPage() {
  const { t } = useTranslation();
  const { domain: param = '' } = useParams();
  const domain = (CONFIG_DOMAINS as readonly string[]).includes(param) ? (param as TConfigDomain) : null;
  const ProductPage = domain ? PRODUCT_PAGES[domain] : undefined;

  const breadcrumb = (
    <Breadcrumb
      items={[
        { title: <Link to={ROUTES.config}>{t('config.index.title')}</Link> },
        { title: domain ? t(`config.domains.${domain}.title` as never) : param },
      ]}
    />
  );
  if (!domain) {
    return (
      <>
        {breadcrumb}
        <Alert type="warning" showIcon message={t('config.index.unknown')} style={{ marginTop: 16 }} />
      </>
    );
  }
  if (ProductPage) {
    return (
      <>
        {breadcrumb}
        <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
          <ProductPage />
        </Suspense>
      </>
    );
  }
  return (
    <div data-testid={`config-domain-${domain}`}>
      {breadcrumb}
      <PageTitle
        title={t(`config.domains.${domain}.title` as never)}
        extra={MONEY_DOMAINS.has(domain) ? <Tag color="gold">{t('config.index.money')}</Tag> : undefined}
      />
      <p>{t(`config.domains.${domain}.holds` as never)}</p>
      {isTerms(domain) ? (
        <TermsPanel domain={domain} />
      ) : (
        <Alert type="info" showIcon message={t('config.index.notYet')} />
      )}
      <Divider />
      <ConfigHistory domain={domain} />
    </div>
  );
}
