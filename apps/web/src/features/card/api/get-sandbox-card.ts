import { request } from '@/lib/request.ts';

/** What `/api/dev/card/delivery` answers: the full number and ID the sandbox issued. */
export interface SandboxCard {
  cardNumber: string;
  cardId: string;
}

/**
 * POST /api/dev/card/delivery {id} — development only (with the faucet and the sandbox issuer): the
 * number and ID of one of the member's issued cards, standing in for the card a real issuer posts.
 */
export function getSandboxCard(id: string): Promise<SandboxCard> {
  return request<SandboxCard>('/dev/card/delivery', { id });
}
