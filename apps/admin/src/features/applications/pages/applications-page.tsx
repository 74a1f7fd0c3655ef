import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTitle } from '@/components/page-title.tsx';
import { NodeApplications } from '../components/node-applications.tsx';
import { StockholderApplications } from '../components/stockholder-applications.tsx';

const TAB_PARAM = 'tab';

/**
 * Global node and shareholder applications (Step 8b §1): a queue per kind by state; review with a
 * note the member reads; a paid node is authorised or refused (refunded once). Decisions are audited.
 */
export default function ApplicationsPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const tab = search.get(TAB_PARAM) === 'shareholders' ? 'shareholders' : 'nodes';
  return (
    <>
      <PageTitle title={t('nav.applications')} />
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(key) => setSearch(key === 'nodes' ? {} : { [TAB_PARAM]: key })}
          destroyOnHidden
          items={[
            { key: 'nodes', label: t('applications.tabs.nodes'), children: <NodeApplications /> },
            { key: 'shareholders', label: t('applications.tabs.shareholders'), children: <StockholderApplications /> },
          ]}
          data-testid="applications-tabs"
        />
      </Card>
    </>
  );
}
