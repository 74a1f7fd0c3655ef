/**
 * The one function of the Recharge contract (packages/contracts `Recharge.sol`) the member app
 * calls: `deposit(amount)` pulls `amount` of the approved token into the treasury and emits the
 * event the server credits. Declared here so the web app needs no dependency on the contracts build.
 */
export const rechargeDepositAbi = [
  {
    type: 'function',
    name: 'deposit',
    inputs: [{ name: 'amount', type: 'uint256' }],
    outputs: [],
    stateMutability: 'nonpayable',
  },
] as const;
