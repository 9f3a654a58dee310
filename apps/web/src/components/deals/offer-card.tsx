import { DEAL_MESSAGES, formatOfferAmount, type Message, OFFER_STATUS_LABELS, type Offer } from '@campus/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { type OfferAnswer, useAnswerOffer, useChatOffersQuery, useWithdrawOffer } from './api.ts';
import styles from './deals.module.css';
import { OfferAmountDialog } from './offer-amount-dialog.tsx';

const expiryFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  hour: 'numeric',
  minute: '2-digit',
});

/** The line under the amount: what became of the offer, or, while open, until when it waits. */
function statusLine(offer: Offer): string {
  if (offer.status === 'open' && offer.listing.status === 'sold') return DEAL_MESSAGES.listingSold;
  if (offer.status === 'open') return DEAL_MESSAGES.expiresIn(expiryFormat.format(new Date(offer.expiresAt)));
  return OFFER_STATUS_LABELS[offer.status];
}

function Answers({ offer }: { offer: Offer }) {
  const answer = useAnswerOffer();
  const { showAlert } = useAlert();
  const [countering, setCountering] = useState(false);
  const send = (value: OfferAnswer) =>
    answer.mutate(
      { offerId: offer.id, answer: value },
      {
        onSuccess: () => setCountering(false),
        onError: (error) => {
          if (value.action !== 'counter') showAlert(error.message, { type: 'danger' });
        },
      },
    );
  return (
    <div className={styles.offerActions}>
      <Button size="sm" onClick={() => send({ action: 'accept' })} disabled={answer.isPending}>
        {DEAL_MESSAGES.accept}
      </Button>
      <Button size="sm" variant="secondary" onClick={() => send({ action: 'decline' })} disabled={answer.isPending}>
        {DEAL_MESSAGES.decline}
      </Button>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => {
          answer.reset();
          setCountering(true);
        }}
        disabled={answer.isPending}
      >
        {DEAL_MESSAGES.counter}
      </Button>
      {countering && (
        <OfferAmountDialog
          open={countering}
          onOpenChange={setCountering}
          title={DEAL_MESSAGES.counterTitle}
          label={DEAL_MESSAGES.counterAmountLabel}
          submitLabel={DEAL_MESSAGES.sendCounter}
          listing={{ title: offer.listing.title, priceCents: offer.listing.priceCents }}
          pending={answer.isPending}
          serverError={answer.error instanceof ApiError ? answer.error.message : (answer.error?.message ?? null)}
          onSubmit={(amountCents) => send({ action: 'counter', amountCents })}
        />
      )}
    </div>
  );
}

/** The maker's own open offer: Withdraw offer (docs/product/selling.md#withdrawing-an-offer). */
function Withdraw({ offer }: { offer: Offer }) {
  const withdraw = useWithdrawOffer();
  const { showAlert } = useAlert();
  return (
    <div className={styles.offerActions}>
      <Button
        size="sm"
        variant="secondary"
        disabled={withdraw.isPending}
        onClick={() => withdraw.mutate(offer.id, { onError: (error) => showAlert(error.message, { type: 'danger' }) })}
      >
        {DEAL_MESSAGES.withdraw}
      </Button>
    </div>
  );
}

/**
 * An offer in the chat thread (docs/product/selling.md#offers), drawn for a message that names
 * one: who offered what for which listing, what became of it ('Accepted', 'Declined',
 * 'Countered', 'Expired', 'Withdrawn'), Accept / Decline / Counter for the side whose turn it
 * is, and Withdraw offer for its maker while it is open. The
 * chat's cards share one read (`useChatOffersQuery`), refreshed live by the offer events.
 */
export function OfferCard({ message, own }: { message: Message & { offerId: string }; own: boolean }) {
  const query = useChatOffersQuery(message.chatId);
  const offer = query.data?.offers.find((o) => o.id === message.offerId);
  if (!offer) {
    if (query.isPending) {
      return (
        <div className={styles.offerCard} aria-busy="true">
          <Skeleton width={90} height={14} />
          <Skeleton width={70} height={28} />
        </div>
      );
    }
    // Gone (the chat's cards could not be read): the message's own line still says what it was.
    return <p className={styles.offerFallback}>{message.plainText}</p>;
  }
  return (
    <section
      className={styles.offerCard}
      data-status={offer.status}
      aria-label={`${own ? DEAL_MESSAGES.yourOffer : DEAL_MESSAGES.theirOffer}: ${formatOfferAmount(offer.amountCents)}`}
    >
      <p className={styles.offerKicker}>{own ? DEAL_MESSAGES.yourOffer : DEAL_MESSAGES.theirOffer}</p>
      <p className={styles.offerAmount}>{formatOfferAmount(offer.amountCents)}</p>
      <Link to={paths.post.getHref(offer.postId)} className={styles.offerListing}>
        {offer.listing.title}
      </Link>
      {offer.listing.priceCents !== null && offer.listing.priceCents > 0 && (
        <p className={styles.offerAsking}>Asking {formatOfferAmount(offer.listing.priceCents)}</p>
      )}
      <p className={styles.offerStatus} data-status={offer.status} role="status">
        {statusLine(offer)}
      </p>
      {offer.canAnswer && <Answers offer={offer} />}
      {offer.canWithdraw && <Withdraw offer={offer} />}
    </section>
  );
}
