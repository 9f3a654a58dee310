import type {
  BuyerCandidates,
  ChatOffers,
  ListingStatus,
  ListingStatusResponse,
  OfferResponse,
} from '@campus/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/*
 * Deals (docs/product/selling.md): offers and their answers, a chat's offer cards, the owner's
 * buyer picker and Mark as pending / sold / available.
 */

const enc = encodeURIComponent;

/** GET /api/chats/:chatId/offers: every offer card of a chat (few), shared by its cards. */
const chatOffersQuery = (chatId: string) =>
  queryOptions({
    queryKey: queryKeys.deals.chatOffers(chatId),
    queryFn: ({ signal }) => api.get<ChatOffers>(`/api/chats/${enc(chatId)}/offers`, { signal }),
  });

export function useChatOffersQuery(chatId: string) {
  return useQuery(chatOffersQuery(chatId));
}

/** GET /api/posts/:postId/buyers: who messaged the owner about the listing (asked when the picker opens). */
export function useBuyerCandidatesQuery(postId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.deals.buyers(postId),
    queryFn: ({ signal }) => api.get<BuyerCandidates>(`/api/posts/${enc(postId)}/buyers`, { signal }),
    enabled,
  });
}

/** After a deal changed: the post page, the lists that show the listing, and the chat's cards. */
function useRefreshDeal() {
  const queryClient = useQueryClient();
  return (postId: string, chatId?: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.post.detail(postId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.posts.all }),
      chatId
        ? queryClient.invalidateQueries({ queryKey: queryKeys.deals.chatOffers(chatId) })
        : queryClient.invalidateQueries({ queryKey: queryKeys.deals.all }),
      chatId ? queryClient.invalidateQueries({ queryKey: queryKeys.chats.detail(chatId) }) : undefined,
      queryClient.invalidateQueries({ queryKey: queryKeys.chats.inbox }),
    ]);
}

/** POST /api/posts/:postId/offers: Make offer (the answer names the chat it went to). */
export function useMakeOffer() {
  const refresh = useRefreshDeal();
  return useMutation({
    mutationFn: ({ postId, amountCents }: { postId: string; amountCents: number }) =>
      api.post<OfferResponse>(`/api/posts/${enc(postId)}/offers`, { amountCents }),
    onSuccess: ({ offer }) => refresh(offer.postId, offer.chatId),
  });
}

export type OfferAnswer = { action: 'accept' } | { action: 'decline' } | { action: 'counter'; amountCents: number };

/** Accept, Decline or Counter an offer made to the viewer. */
export function useAnswerOffer() {
  const refresh = useRefreshDeal();
  return useMutation({
    mutationFn: ({ offerId, answer }: { offerId: string; answer: OfferAnswer }) =>
      api.post<OfferResponse>(
        `/api/offers/${enc(offerId)}/${answer.action}`,
        answer.action === 'counter' ? { amountCents: answer.amountCents } : undefined,
      ),
    onSuccess: ({ offer }) => refresh(offer.postId, offer.chatId),
  });
}

/** POST /api/offers/:offerId/withdraw: the maker takes back their open offer (docs/product/selling.md#withdrawing-an-offer). */
export function useWithdrawOffer() {
  const refresh = useRefreshDeal();
  return useMutation({
    mutationFn: (offerId: string) => api.post<OfferResponse>(`/api/offers/${enc(offerId)}/withdraw`),
    onSuccess: ({ offer }) => refresh(offer.postId, offer.chatId),
  });
}

/** PUT /api/posts/:postId/status: Mark as pending / sold / available. */
export function useMarkListing() {
  const refresh = useRefreshDeal();
  return useMutation({
    mutationFn: ({ postId, status, buyerId }: { postId: string; status: ListingStatus; buyerId: string | null }) =>
      api.put<ListingStatusResponse>(`/api/posts/${enc(postId)}/status`, { status, buyerId }),
    onSuccess: (_result, { postId }) => refresh(postId),
  });
}
