import { formatUsd, PAYMENT_MESSAGES, TestCardBodySchema, type TestCheckoutSession } from '@campus/contract';
import { CircleAlert, CreditCard, FlaskConical, Lock } from 'lucide-react';
import { type ChangeEvent, type FormEvent, type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useForm } from '@/lib/use-form.ts';
import { useTestCheckoutQuery } from '../api/get-test-checkout.ts';
import { usePayTestCheckout } from '../api/pay-test-checkout.ts';
import { formatCardNumber, formatCvc, formatExpiry } from '../lib/card-number.ts';
import { goTo } from '../lib/go-to.ts';
import styles from './test-checkout.module.css';

const TEXTS = {
  brand: 'Campus Buy / Sell',
  badge: 'TEST MODE',
  pay: 'Pay with card',
  cardNumber: 'Card number',
  expiry: 'Expiration (MM / YY)',
  cvc: 'CVC',
  name: 'Name on card',
  processing: 'Processing...',
  cancel: 'Cancel and go back',
  duration: (days: number) => (days === 1 ? '1 day' : `${days} days`),
  untilPaused: (days: number) => `Runs until paused (${days} days paid up front)`,
  notFound: 'This checkout does not exist.',
  complete: 'This checkout is already paid.',
  continue: 'Continue',
  home: 'Back to Home',
  secure: 'Nothing you type here leaves this app.',
} as const;

const FIELDS = ['cardNumber', 'expiry', 'cvc', 'name'] as const;
type Field = (typeof FIELDS)[number];
const SCHEMAS = {
  cardNumber: TestCardBodySchema.shape.cardNumber,
  expiry: TestCardBodySchema.shape.expiry,
  cvc: TestCardBodySchema.shape.cvc,
};
const FORMATTERS: Partial<Record<Field, (value: string) => string>> = {
  cardNumber: formatCardNumber,
  expiry: formatExpiry,
  cvc: formatCvc,
};

function Frame({ children }: { children: ReactNode }) {
  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <header className={styles.header}>
          <span className={styles.brand}>{TEXTS.brand}</span>
          <span className={styles.badge}>
            <FlaskConical aria-hidden="true" size={14} />
            {TEXTS.badge}
          </span>
        </header>
        {children}
      </div>
    </main>
  );
}

function CardForm({ session }: { session: TestCheckoutSession }) {
  const form = useForm<Field>({
    initial: { cardNumber: '', expiry: '', cvc: '', name: '' },
    schemas: SCHEMAS,
    afterError: 'clear',
  });
  const pay = usePayTestCheckout(session.sessionId);
  const navigate = useNavigate();
  const [declined, setDeclined] = useState<string | null>(null);
  const amount = formatUsd(session.amountCents);

  const fieldProps = (name: Field) => {
    const props = form.field(name);
    const format = FORMATTERS[name];
    return {
      ...props,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        setDeclined(null);
        if (!format) return props.onChange(event);
        form.setValue(name, format(event.target.value));
        if (form.errors[name]) form.setError(name, null);
      },
    };
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (pay.isPending || !form.validate()) return;
    setDeclined(null);
    const { cardNumber, expiry, cvc, name } = form.values;
    pay.mutate(
      { cardNumber, expiry, cvc, ...(name.trim() ? { name: name.trim() } : {}) },
      {
        onSuccess: ({ redirectUrl }) => goTo(redirectUrl, navigate, { replace: true }),
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'CHECKOUT_CLOSED') {
            setDeclined(PAYMENT_MESSAGES.checkoutExpired);
          } else {
            setDeclined(error instanceof ApiError ? error.message : PAYMENT_MESSAGES.cardDeclined);
          }
        },
      },
    );
  };

  return (
    <>
      <section className={styles.order} aria-label="Order summary">
        <div className={styles.orderLine}>
          <span className={styles.product}>{session.productName}</span>
          <span className={styles.amount} data-testid="checkout-amount">
            {amount}
          </span>
        </div>
        <p className={styles.orderHint}>
          {session.runUntilPause ? TEXTS.untilPaused(session.days) : TEXTS.duration(session.days)} · USD
        </p>
      </section>
      <p className={styles.notice}>
        <FlaskConical aria-hidden="true" size={18} />
        <span>{PAYMENT_MESSAGES.testModeNotice}</span>
      </p>
      <form className={styles.form} onSubmit={handleSubmit} noValidate aria-label={TEXTS.pay}>
        <h1 className={styles.title}>{TEXTS.pay}</h1>
        <TextField
          label={TEXTS.cardNumber}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          maxLength={23}
          trailing={<CreditCard className={styles.fieldIcon} aria-hidden="true" size={20} />}
          {...fieldProps('cardNumber')}
        />
        <div className={styles.pair}>
          <TextField
            label={TEXTS.expiry}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            maxLength={7}
            {...fieldProps('expiry')}
          />
          <TextField
            label={TEXTS.cvc}
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            {...fieldProps('cvc')}
          />
        </div>
        <TextField label={TEXTS.name} autoComplete="cc-name" maxLength={100} {...fieldProps('name')} />
        {declined && (
          <p className={styles.declined} role="alert">
            <CircleAlert aria-hidden="true" size={18} />
            {declined}
          </p>
        )}
        <Button type="submit" size="lg" block disabled={pay.isPending}>
          <Lock aria-hidden="true" size={16} />
          {pay.isPending ? TEXTS.processing : PAYMENT_MESSAGES.payButton(amount)}
        </Button>
        <p className={styles.secure}>{TEXTS.secure}</p>
      </form>
      <button
        type="button"
        className={styles.cancel}
        onClick={() => goTo(session.cancelUrl, navigate, { replace: true })}
      >
        {TEXTS.cancel}
      </button>
    </>
  );
}

/**
 * /test-checkout/{sessionId}: the local stand-in for Stripe Checkout (docs/decisions/018-boosting-and-payments.md;
 * decision 018), clearly labelled test mode. Test card numbers pay; every other is declined.
 */
export function TestCheckoutPage({ sessionId }: { sessionId: string }) {
  const query = useTestCheckoutQuery(sessionId);
  if (query.isPending) {
    return (
      <Frame>
        <div className={styles.form} aria-busy="true">
          <p className="visually-hidden" role="status">
            Loading…
          </p>
          <Skeleton height={56} />
          <Skeleton height={48} />
          <Skeleton height={48} />
          <Skeleton height={48} />
        </div>
      </Frame>
    );
  }
  if (query.isError) {
    return (
      <Frame>
        <div className={styles.ended}>
          <h1 className={styles.title}>{TEXTS.notFound}</h1>
          <ButtonLink to={paths.home.getHref()} variant="secondary">
            {TEXTS.home}
          </ButtonLink>
        </div>
      </Frame>
    );
  }
  const session = query.data;
  if (session.status !== 'open') {
    const paid = session.status === 'complete';
    return (
      <Frame>
        <div className={styles.ended}>
          <h1 className={styles.title}>{paid ? TEXTS.complete : PAYMENT_MESSAGES.checkoutExpired}</h1>
          {paid ? (
            <Link className={styles.cancel} to={session.successUrl}>
              {TEXTS.continue}
            </Link>
          ) : (
            <ButtonLink to={paths.post.getHref(session.postId)} variant="secondary">
              {TEXTS.home}
            </ButtonLink>
          )}
        </div>
      </Frame>
    );
  }
  return (
    <Frame>
      <CardForm session={session} />
    </Frame>
  );
}
