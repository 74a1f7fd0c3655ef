import type { TChainOperatorStatus } from '@kpc/shared/operator';
import { Card, Descriptions, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatGas, shortenHex } from '@/lib/format.ts';
import { networkName } from '@/lib/network-name.ts';

const NODE_COLORS = {
  up: 'green',
  down: 'red',
  unverified: 'gold',
  misconfigured: 'red',
  not_configured: 'default',
} as const;

/** Per chain: its node, the sender's hot wallet (balance, gas, nonces) and the withdrawals waiting in each state. */
export function ChainSenders({ chains }: { chains: TChainOperatorStatus[] }) {
  const { t } = useTranslation();
  // A chain with no node, no sender and nothing waiting has nothing to watch: one line for all of them.
  const isIdle = (chain: TChainOperatorStatus) =>
    chain.node.state === 'not_configured' &&
    !chain.sender &&
    Object.values(chain.withdrawals).every((count) => count === 0);
  const watched = chains.filter((chain) => !isIdle(chain));
  const idle = chains.filter(isIdle);
  return (
    <>
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: `repeat(${Math.min(Math.max(watched.length, 1), 3)}, 1fr)`,
          gap: 16,
        }}
      >
        {watched.map((chain) => {
          const { sender, node, withdrawals } = chain;
          const nonceMismatch =
            sender?.chainNonce && sender.databaseNonce !== null && sender.chainNonce.pending > sender.databaseNonce;
          return (
            <Card
              key={chain.chainId}
              size="small"
              title={
                <Space>
                  {networkName(chain.chainId, chain.network)}
                  {chain.isDevelopment && <Tag>{t('chains.development')}</Tag>}
                </Space>
              }
              extra={
                <Tooltip title={node.reason ?? undefined}>
                  <Tag color={NODE_COLORS[node.state]}>{t(`chains.node.${node.state}`)}</Tag>
                </Tooltip>
              }
              data-testid={`sender-${chain.chainId}`}
            >
              {sender ? (
                <Descriptions
                  size="small"
                  column={1}
                  items={[
                    {
                      key: 'wallet',
                      label: t('chains.hotWallet'),
                      children: (
                        <Tooltip title={sender.hotWallet.address}>
                          <span className="mono">{shortenHex(sender.hotWallet.address)}</span>
                        </Tooltip>
                      ),
                    },
                    {
                      key: 'balance',
                      label: t('chains.balance'),
                      children:
                        sender.hotWallet.usdt === null ? (
                          <Typography.Text type="danger">
                            {sender.hotWallet.reason ?? t('chains.noAnswer')}
                          </Typography.Text>
                        ) : (
                          <span data-testid="hot-wallet-balance">
                            {formatAmount(sender.hotWallet.usdt)} USDT · {formatGas(sender.hotWallet.gas)}{' '}
                            {sender.hotWallet.gasSymbol}
                          </span>
                        ),
                    },
                    {
                      key: 'nonce',
                      label: t('chains.nonce'),
                      children: (
                        <span className="mono" style={nonceMismatch ? { color: '#cf1322' } : undefined}>
                          {t('chains.nonceValues', {
                            database: sender.databaseNonce ?? '—',
                            latest: sender.chainNonce?.latest ?? '—',
                            pending: sender.chainNonce?.pending ?? '—',
                          })}
                        </span>
                      ),
                    },
                    {
                      key: 'head',
                      label: t('chains.head'),
                      children: <span className="mono">{node.head ?? '—'}</span>,
                    },
                  ]}
                />
              ) : (
                <Typography.Text type="secondary">{t('chains.noSender')}</Typography.Text>
              )}
              <Space size={4} wrap style={{ marginTop: 8 }}>
                {(['submitted', 'approved', 'sending', 'confirming', 'unknown'] as const).map((state) => (
                  <Tag key={state} color={withdrawals[state] > 0 && state === 'unknown' ? 'magenta' : 'default'}>
                    {t(`status.${state}`)}: {withdrawals[state]}
                  </Tag>
                ))}
              </Space>
            </Card>
          );
        })}
      </div>
      {idle.length > 0 && (
        <Typography.Text type="secondary" data-testid="idle-chains">
          {t('chains.idle', { networks: idle.map((chain) => networkName(chain.chainId, chain.network)).join(', ') })}
        </Typography.Text>
      )}
    </>
  );
}
