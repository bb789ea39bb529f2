import type { Card } from '@app/contract/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/shared/api/client';
import { schemas } from '@/shared/api/contract';

export type { Card };

/** Card types of /api/getcard (spec 7): 1 bank cards, 2 USDT addresses. */
export const CardType = { bank: 1, usdt: 2 } as const;
export type CardType = (typeof CardType)[keyof typeof CardType];

/** Root of the card-list queries that binding and unbinding change. */
export const cardsKey = ['cards'] as const;

/** POST /api/getcard: the player's bank cards (type 1) or USDT addresses (type 2). */
export const getCards = (type: CardType, signal?: AbortSignal): Promise<Card[]> =>
  apiData('/api/getcard', schemas.cards, { body: { type }, signal });

export const cardsQueryOptions = (type: CardType) =>
  queryOptions({
    queryKey: [...cardsKey, type] as const,
    queryFn: ({ signal }) => getCards(type, signal),
    // Each page showing cards asks again (a card may have been bound elsewhere); the last list shows meanwhile.
    staleTime: 0,
  });

export const useCards = (type: CardType) => useQuery(cardsQueryOptions(type));

/** The USDT protocol of an address card (bank_owner holds it: TRC20 or ERC20). */
export const usdtProtocolOf = (card: Card) => (card.bank_owner.toUpperCase() === 'ERC20' ? 'ERC20' : 'TRC20');
