import { CreditCard } from '@phosphor-icons/react';
import { Empty } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { TabPageHeader } from '@/components/tab-page-header.tsx';

/** /pages/card/list (login required). Step 3 lists the member's cards; nobody has one yet. */
export function CardListPage() {
  const { t } = useTranslation();
  return (
    <div className="page page--tab" data-testid="card-list-page">
      <TabPageHeader title={t('card.title')} />
      <Empty
        className="empty-state"
        image={<CreditCard size={64} weight="thin" />}
        description={t('card.empty')}
        data-testid="card-list-empty"
      />
    </div>
  );
}
