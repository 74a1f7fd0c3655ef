import { Card, Space, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTitle } from '@/components/page-title.tsx';
import { ApplicationsTab } from '../components/applications-tab.tsx';
import { CardsTab } from '../components/cards-tab.tsx';

/**
 * Cards (Step 8b §1): the applications queue (those waiting for a decision first) and the cards
 * issued. The tab is in the address (`?tab=cards`), so going back from a card's page returns to it.
 */
export default function CardsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'cards' ? 'cards' : 'applications';
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <PageTitle title={t('nav.cards')} />
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams(key === 'cards' ? { tab: 'cards' } : {}, { replace: true })}
          destroyOnHidden
          items={[
            { key: 'applications', label: t('cards.tab.applications'), children: <ApplicationsTab /> },
            { key: 'cards', label: t('cards.tab.cards'), children: <CardsTab /> },
          ]}
          data-testid="cards-tabs"
        />
      </Card>
    </Space>
  );
}
