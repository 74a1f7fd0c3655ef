import {
  CardIssuerError,
  CardIssuerErrorCode,
  type CardIssuer,
  type IssuedCard,
  type IssuerApplication,
  type IssuerTransaction,
  type TransactionsPage,
} from './issuer.ts';

/**
 * `CARD_ISSUER=none`: a programme that offers no cards yet (production before an issuer contract
 * exists). Members see no card products and an application is refused before money moves
 * (`offersCards`); every other call answers `unavailable`, as an issuer that cannot be reached.
 */
export class DisabledCardIssuer implements CardIssuer {
  readonly name = 'none';
  readonly offersCards = false;

  async start(): Promise<void> {}
  async stop(): Promise<void> {}
  onEvent(): () => void {
    return () => undefined;
  }

  private unavailable(): never {
    throw new CardIssuerError(CardIssuerErrorCode.UNAVAILABLE, 'no card issuer is configured (CARD_ISSUER=none)');
  }
  async submitApplication(): Promise<IssuerApplication> {
    return this.unavailable();
  }
  async getApplication(): Promise<IssuerApplication | null> {
    return null;
  }
  async issueCard(): Promise<IssuedCard> {
    return this.unavailable();
  }
  async getCard(): Promise<IssuedCard | null> {
    return null;
  }
  async topUp(): Promise<IssuerTransaction> {
    return this.unavailable();
  }
  async freeze(): Promise<IssuedCard> {
    return this.unavailable();
  }
  async unfreeze(): Promise<IssuedCard> {
    return this.unavailable();
  }
  async listTransactions(): Promise<TransactionsPage> {
    return this.unavailable();
  }
  async balance(): Promise<bigint> {
    return this.unavailable();
  }
}
