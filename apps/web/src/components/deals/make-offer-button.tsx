import { DEAL_MESSAGES, type Post } from '@campus/contract';
import { HandCoins } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMemberGate } from '@/components/auth-modal/index.ts';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { Button } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useMakeOffer } from './api.ts';
import { OfferAmountDialog } from './offer-amount-dialog.tsx';

const titleOf = (text: string) =>
  text
    .split('\n')
    .find((l) => l.trim() !== '')
    ?.trim() ?? '';

/**
 * 'Make offer' beside Send Message on a listing's page (docs/product/selling.md#offers): the
 * amount dialog, then the chat with the seller, where the offer shows as a card. Not drawn for
 * a sold listing.
 */
export function MakeOfferButton({ post }: { post: Post }) {
  const allow = useMemberGate();
  const navigate = useNavigate();
  const { showAlert } = useAlert();
  const [open, setOpen] = useState(false);
  const make = useMakeOffer();
  if (post.status === 'sold') return null;
  const submit = (amountCents: number) => {
    make.mutate(
      { postId: post.id, amountCents },
      {
        onSuccess: ({ offer }) => {
          setOpen(false);
          showAlert(DEAL_MESSAGES.offerSent, { type: 'success' });
          navigate(paths.chat.getHref(offer.chatId));
        },
      },
    );
  };
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => {
          if (!allow('message')) return;
          make.reset();
          setOpen(true);
        }}
      >
        <HandCoins aria-hidden="true" size={16} />
        {DEAL_MESSAGES.makeOffer}
      </Button>
      {open && (
        <OfferAmountDialog
          open={open}
          onOpenChange={setOpen}
          title={DEAL_MESSAGES.offerTitle}
          label={DEAL_MESSAGES.offerAmountLabel}
          submitLabel={DEAL_MESSAGES.sendOffer}
          listing={{ title: titleOf(post.plainText), priceCents: post.priceCents }}
          pending={make.isPending}
          serverError={
            make.error ? (make.error instanceof ApiError ? make.error.message : String(make.error.message)) : null
          }
          onSubmit={submit}
        />
      )}
    </>
  );
}
