import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import type { TOperatorSession } from '@kpc/shared/operator';
import { useQuery } from '@tanstack/react-query';
import { Button, Layout, Menu, Space, Tag, Typography } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { PageLoading } from '@/components/page-loading.tsx';
import { signOut } from '@/lib/request.ts';
import { SessionContext, sessionQueryOptions } from '@/lib/session.ts';
import { LanguageSwitch } from '@/components/language-switch.tsx';
import { buildMenuItems, selectedSection } from './menu-items.tsx';
import { SessionTimer } from './session-timer.tsx';

/** The signed-in console: the side menu of what the operator's roles allow, the header, the screen. */
export function ConsoleLayout() {
  const { data: session } = useQuery(sessionQueryOptions());
  // The session just ended: sign-in is on its way.
  if (!session) return <PageLoading />;
  return (
    <SessionContext value={session}>
      <SignedInLayout operator={session.operator} />
    </SessionContext>
  );
}

function SignedInLayout({ operator }: { operator: TOperatorSession['operator'] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const selected = selectedSection(pathname);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={224} theme="dark" data-testid="console-sider">
        <div className="console-brand">
          <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" />
          <span>{t('app.name')}</span>
        </div>
        <Menu
          theme="dark"
          mode="inline"
          selectedKeys={selected ? [selected] : []}
          items={buildMenuItems(operator.permissions, t)}
          onClick={({ key }) => void navigate(key)}
          data-testid="console-menu"
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="console-header">
          <SessionTimer />
          <Space size="middle">
            <LanguageSwitch />
            <Space size={6}>
              <UserOutlined />
              <Typography.Text strong data-testid="operator-name">
                {operator.name}
              </Typography.Text>
              {operator.roles.map((role) => (
                <Tag key={role} color="blue">
                  {t(`roles.${role}.name`)}
                </Tag>
              ))}
            </Space>
            <Button icon={<LogoutOutlined />} onClick={() => void signOut()} data-testid="sign-out">
              {t('header.signOut')}
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content className="console-content">
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
