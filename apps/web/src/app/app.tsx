import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd-mobile';
import { RouterProvider, type createHashRouter } from 'react-router';
import { useLocale } from '@/lib/i18n.ts';
import { queryClient } from '@/lib/query-client.ts';
import { getAntdLocale } from '@/lib/setup-antd-mobile.ts';

export function App({ router }: { router: ReturnType<typeof createHashRouter> }) {
  const locale = useLocale();
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={getAntdLocale(locale)}>
        <RouterProvider router={router} />
      </ConfigProvider>
    </QueryClientProvider>
  );
}
