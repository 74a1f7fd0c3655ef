import { useTranslation } from 'react-i18next';
import { CursorList } from '@/components/cursor-list.tsx';
import { PageNavBar } from '@/components/page-nav-bar.tsx';
import { useUserStore } from '@/lib/user-store.ts';
import { exchangeLogSource } from '@/features/exchange/api/get-exchange-log.ts';
import { ExchangeRecordItem } from '@/features/exchange/components/exchange-record-item.tsx';
import '@/features/exchange/exchange.css';

/** /pages/exchange/log (login required): the member's exchanges, newest first. */
export function ExchangeLogPage() {
  const { t } = useTranslation();
  const token = useUserStore((state) => state.token);
  return (
    <div className="page" data-testid="exchange-log-page">
      <PageNavBar title={t('exchangeLog.title')} />
      <CursorList
        source={exchangeLogSource(token)}
        renderItem={(record) => <ExchangeRecordItem record={record} />}
        emptyText={t('exchangeLog.empty')}
        testId="exchange-log-list"
      />
    </div>
  );
}
