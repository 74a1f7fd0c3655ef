import { formatNumber, maskAddress, type TDepositChannel } from '@kpc/shared';
import { Warning } from '@phosphor-icons/react';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/copy-button.tsx';
import { getNetworkName } from '@/lib/network-name.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { BoundWalletNotice } from './bound-wallet-notice.tsx';

/** Size of the QR code in CSS pixels: large enough for a phone camera across a desk. */
const QR_SIZE = 176;

/**
 * Deposit: sending USDT to an address (SPEC §2 Recharge, the `transfer` method): the address to send USDT to, as a QR code and text with a
 * copy button, the network and minimum, and the rules that decide whether a transfer is credited.
 */
export function TransferDeposit({ channel }: { channel: TDepositChannel }) {
  const { t } = useTranslation();
  const boundAddress = useUserStore((state) => state.userInfo?.address || state.address);
  const address = channel.address ?? '';
  const minimum = formatNumber(channel.minimum);
  const network = getNetworkName(channel.chainId, channel.network);

  return (
    <section className="deposit-panel" data-testid="recharge-transfer">
      <div className="deposit-address">
        <div className="deposit-address__qr" data-testid="recharge-address-qr">
          <QRCodeSVG value={address} size={QR_SIZE} marginSize={2} title={t('recharge.addressQr')} />
        </div>
        <p className="deposit-address__label">{t('recharge.addressLabel', { asset: channel.asset, network })}</p>
        <div className="deposit-address__row">
          <span className="deposit-address__value" data-testid="recharge-address">
            {address}
          </span>
          <CopyButton text={address} testId="recharge-address-copy" />
        </div>
      </div>
      <dl className="deposit-facts">
        <div>
          <dt>{t('recharge.network')}</dt>
          <dd data-testid="recharge-network">{network}</dd>
        </div>
        <div>
          <dt>{t('recharge.minimum')}</dt>
          <dd data-testid="recharge-minimum">
            {minimum} {channel.asset}
          </dd>
        </div>
        <div>
          <dt>{t('recharge.arrival')}</dt>
          <dd>{t('recharge.arrivalValue', { confirmations: channel.confirmations })}</dd>
        </div>
        {channel.token && (
          <div>
            <dt>{t('recharge.tokenContract', { asset: channel.asset })}</dt>
            <dd className="deposit-facts__address">{maskAddress(channel.token)}</dd>
          </div>
        )}
      </dl>
      <BoundWalletNotice account={null} testIdPrefix="recharge-transfer" />
      <ul className="deposit-rules" data-testid="recharge-transfer-rules">
        <li>
          <Warning size={16} weight="fill" aria-hidden="true" />
          <span>{t('recharge.belowMinimumRule', { min: minimum, asset: channel.asset })}</span>
        </li>
        <li>
          <Warning size={16} weight="fill" aria-hidden="true" />
          <span>
            {boundAddress
              ? t('recharge.boundWalletRule', { address: maskAddress(boundAddress) })
              : t('recharge.boundWalletRuleNoWallet')}
          </span>
        </li>
        <li>
          <Warning size={16} weight="fill" aria-hidden="true" />
          <span>{t('recharge.networkRule', { asset: channel.asset, network })}</span>
        </li>
      </ul>
    </section>
  );
}
