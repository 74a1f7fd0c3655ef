import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd-mobile';
import { RouterProvider, type createHashRouter } from 'react-router';
import { useLocale } from '@/lib/i18n.ts';
import { queryClient } from '@/lib/query-client.ts';
import { getAntdLocale } from '@/lib/setup-antd-mobile.ts';
import { NavigationProgress } from './navigation-progress.tsx';

export function App({ router }: { router: ReturnType<typeof createHashRouter> }) {
  const locale = useLocale();
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={getAntdLocale(locale)}>
        <NavigationProgress router={router} />
        <RouterProvider router={router} />
      </ConfigProvider>
    </QueryClientProvider>
  );
}
