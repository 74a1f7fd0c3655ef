import { type TDepositChannel } from '@kpc/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createPublicClient,
  custom,
  erc20Abi,
  getAddress,
  isAddress,
  type Address,
  type EIP1193Provider,
  type Hash,
  type WalletClient,
} from 'viem';
import { showToast } from '@/lib/toast.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { isUserRejection, useWalletStore } from '@/lib/wallet/wallet-store.ts';
import { RECHARGE_QUERY_ROOT } from '@/features/recharge/api/get-deposit-channels.ts';
import { DEPOSITS_QUERY_ROOT } from '@/features/recharge/api/get-deposits.ts';
import { rechargeDepositAbi } from '@/features/recharge/utils/recharge-abi.ts';
import { forgetSentDeposit, rememberSentDeposit, type SentDeposit } from '@/features/recharge/utils/sent-deposits.ts';
import { getApproveUnits, isBoundWallet } from '@/features/recharge/utils/wallet-deposit.ts';

/** How often a sent transaction's receipt is asked for. */
const RECEIPT_POLL_MS = 1_000;

/** The connected wallet's USDT on the channel's chain: what it holds and what Recharge may pull. */
export interface WalletTokenState {
  allowance: bigint;
  balance: bigint;
}

function toAddress(value: string | null): Address | null {
  return value !== null && isAddress(value, { strict: false }) ? getAddress(value) : null;
}

function createReader(provider: EIP1193Provider) {
  return createPublicClient({ transport: custom(provider), pollingInterval: RECEIPT_POLL_MS });
}

async function readWalletToken(
  provider: EIP1193Provider,
  { token, owner, spender }: { token: Address; owner: Address; spender: Address },
): Promise<WalletTokenState> {
  const reader = createReader(provider);
  const [allowance, balance] = await Promise.all([
    reader.readContract({ address: token, abi: erc20Abi, functionName: 'allowance', args: [owner, spender] }),
    reader.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] }),
  ]);
  return { allowance, balance };
}

interface ReadyWallet {
  client: WalletClient;
  provider: EIP1193Provider;
  account: Address;
  token: Address;
  contract: Address;
}

/**
 * SPEC §4 "Deposit from wallet" on one channel: the wallet's allowance and balance, Authorize
 * (approve the Recharge contract, then "authorization success") and Deposit (`deposit(amount)`,
 * remembered on this device until the server sees it). Each action checks first that the wallet
 * is connected, on the channel's chain and the member's bound wallet, and toasts what is wrong.
 */
export function useWalletDeposit(channel: TDepositChannel, onSent: (sent: SentDeposit[]) => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const provider = useWalletStore((state) => state.provider);
  const account = useWalletStore((state) => state.account);
  const walletChainId = useWalletStore((state) => state.chainId);
  const boundAddress = useUserStore((state) => state.userInfo?.address || state.address);
  const [busyStep, setBusyStep] = useState<'authorize' | 'deposit' | null>(null);
  const token = toAddress(channel.token);
  const contract = toAddress(channel.contract);
  const isOnChain = walletChainId === channel.chainId;

  const tokenQuery = useQuery({
    queryKey: [...RECHARGE_QUERY_ROOT, 'wallet', channel.chainId, token, contract, account] as const,
    queryFn: () => {
      if (!provider || !token || !contract || !account) throw new Error('wallet not ready');
      return readWalletToken(provider, { token, owner: account, spender: contract });
    },
    enabled: Boolean(provider && token && contract && account && isOnChain),
    staleTime: 0,
  });

  /** The wallet to send with, or null after toasting why it cannot send now. */
  function getReadyWallet(): ReadyWallet | null {
    const wallet = useWalletStore.getState();
    if (!wallet.isConnected || !wallet.client || !wallet.provider || !wallet.account) {
      showToast(t('wallet.connectFirst'));
      return null;
    }
    if (wallet.chainId !== channel.chainId) {
      showToast(t('wallet.wrongNetwork', { list: String(channel.chainId) }));
      return null;
    }
    if (!isBoundWallet(wallet.account, boundAddress)) {
      showToast(t(boundAddress ? 'recharge.otherWalletToast' : 'recharge.bindFirstToast'));
      return null;
    }
    if (!token || !contract) {
      showToast(t('recharge.channelPaused'));
      return null;
    }
    return { client: wallet.client, provider: wallet.provider, account: wallet.account, token, contract };
  }

  /** Waits for the transaction; false (toasted) when it failed on the chain. */
  async function isConfirmedOnChain(wallet: ReadyWallet, hash: Hash): Promise<boolean> {
    const receipt = await createReader(wallet.provider).waitForTransactionReceipt({ hash });
    if (receipt.status === 'success') return true;
    showToast(t('recharge.txFailed'));
    return false;
  }

  function toastSendFailure(error: unknown) {
    showToast(t(isUserRejection(error) ? 'recharge.txRejected' : 'recharge.txFailed'));
  }

  /** Approves the Recharge contract for SPEC §9's USDT quantity (or `amountUnits` when larger). */
  async function authorize(amountUnits: bigint | null): Promise<boolean> {
    const wallet = getReadyWallet();
    if (!wallet) return false;
    setBusyStep('authorize');
    try {
      const hash = await wallet.client.writeContract({
        address: wallet.token,
        abi: erc20Abi,
        functionName: 'approve',
        args: [wallet.contract, getApproveUnits(amountUnits, channel)],
        account: wallet.account,
        chain: null,
      });
      if (!(await isConfirmedOnChain(wallet, hash))) return false;
      await tokenQuery.refetch();
      showToast(t('recharge.authorizeSuccess'));
      return true;
    } catch (error) {
      toastSendFailure(error);
      return false;
    } finally {
      setBusyStep(null);
    }
  }

  /** Deposits `amount` (already checked against the channel's rules); true once it is on the chain. */
  async function deposit(amount: string, amountUnits: bigint): Promise<boolean> {
    const wallet = getReadyWallet();
    if (!wallet) return false;
    setBusyStep('deposit');
    let hash: Hash | null = null;
    try {
      hash = await wallet.client.writeContract({
        address: wallet.contract,
        abi: rechargeDepositAbi,
        functionName: 'deposit',
        args: [amountUnits],
        account: wallet.account,
        chain: null,
      });
      // Remembered at once: the page may close before the chain answers.
      onSent(
        rememberSentDeposit({
          txHash: hash,
          chainId: channel.chainId,
          from: wallet.account,
          amount,
          sentAt: Date.now(),
        }),
      );
      if (!(await isConfirmedOnChain(wallet, hash))) {
        onSent(forgetSentDeposit(hash));
        return false;
      }
      showToast(t('recharge.sent', { confirmations: channel.confirmations }));
      return true;
    } catch (error) {
      toastSendFailure(error);
      return false;
    } finally {
      setBusyStep(null);
      await Promise.all([
        tokenQuery.refetch(),
        hash ? queryClient.invalidateQueries({ queryKey: DEPOSITS_QUERY_ROOT }) : undefined,
      ]);
    }
  }

  return {
    /** Null until the wallet is connected on the channel's chain and has answered. */
    tokenState: tokenQuery.data ?? null,
    isReading: tokenQuery.isFetching,
    isOnChain,
    isBound: isBoundWallet(account, boundAddress),
    boundAddress,
    busyStep,
    authorize,
    deposit,
  };
}
