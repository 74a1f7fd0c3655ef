import { CONFIG_DOMAINS } from '@kpc/shared/operator';
import { Card, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '@/components/page-title.tsx';
import { configPath } from '@/config/routes.ts';
import { MONEY_DOMAINS } from '../money-domains.ts';

/** `/config` (Step 8b §2): a card per configuration domain, what it holds, money terms marked. */
export default function ConfigPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('config.index.title')} />
      <Typography.Paragraph type="secondary">{t('config.index.intro')}</Typography.Paragraph>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 16 }}>
        {CONFIG_DOMAINS.map((domain) => (
          <Link key={domain} to={configPath(domain)} data-testid={`config-card-${domain}`}>
            <Card
              hoverable
              size="small"
              style={{ height: '100%' }}
              title={t(`config.domains.${domain}.title` as never)}
              extra={MONEY_DOMAINS.has(domain) ? <Tag color="gold">{t('config.index.money')}</Tag> : null}
            >
              <Typography.Text type="secondary">{t(`config.domains.${domain}.holds` as never)}</Typography.Text>
            </Card>
          </Link>
        ))}
      </div>
    </>
  );
}
