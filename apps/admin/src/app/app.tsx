import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { lazy, Suspense, useEffect } from 'react';
import { RouterProvider, type createHashRouter } from 'react-router';
import { useLocale } from '@/lib/i18n.ts';
import { bindMessage } from '@/lib/notify.ts';
import { queryClient } from '@/lib/query-client.ts';
import { CONSOLE_THEME } from './theme.ts';

// The step-up prompt (a form, its validation) is for money actions only: it loads just after the first
// screen rather than with it, so the console's first load stays within its budget (scripts/bundle-budget.mjs).
const StepUpDialog = lazy(async () => ({ default: (await import('@/components/step-up-dialog.tsx')).StepUpDialog }));

const ANTD_LOCALES = { en: enUS, 'zh-Hans': zhCN } as const;
const DAYJS_LOCALES = { en: 'en', 'zh-Hans': 'zh-cn' } as const;

/** Hands antd's context-aware `message` to code outside React (the wire client's failures). */
function NotifyBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    bindMessage(message);
    return () => bindMessage(null);
  }, [message]);
  return null;
}

/** The console's providers: queries, antd in the interface language, the step-up prompt, the routes. */
export function App({ router }: { router: ReturnType<typeof createHashRouter> }) {
  const locale = useLocale();
  dayjs.locale(DAYJS_LOCALES[locale]);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={ANTD_LOCALES[locale]} theme={CONSOLE_THEME} button={{ autoInsertSpace: false }}>
        <AntApp>
          <NotifyBridge />
          <Suspense fallback={null}>
            <StepUpDialog />
          </Suspense>
          <RouterProvider router={router} />
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
