import { formatUsd, PAYMENT_MESSAGES, type PaymentActivityItem, SETTINGS_MESSAGES } from '@campus/contract';
import { LifeBuoy, Receipt, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState, ErrorState } from '@/components/ui/list-states.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/config/paths.ts';
import { usePaymentsQuery } from '../api/get-payments.ts';
import { formatAdDate, formatSpend } from '../lib/format-ad.ts';
import styles from './payments.module.css';
import { StatusPill } from './status-pill.tsx';

const TEXTS = {
  loadFailed: 'We couldn’t load your payments. Check your connection and try again.',
  budget: 'Budget',
} as const;

function ActivityRow({ item }: { item: PaymentActivityItem }) {
  return (
    <li>
      <Link to={paths.ad.getHref(item.adId)} className={styles.row}>
        <span className={styles.rowIcon} aria-hidden="true">
          <Receipt size={18} />
        </span>
        <span className={styles.rowText}>
          <span className={styles.rowTitle}>{item.title}</span>
          <span className={styles.rowDate}>{formatAdDate(item.date)}</span>
        </span>
        <span className={styles.rowEnd}>
          <StatusPill status={item.status} label={item.statusLabel} />
          <span className={styles.rowSpend}>
            {formatSpend(item.status, item.totalSpentCents, item.amountBudgetedCents)}
          </span>
        </span>
      </Link>
    </li>
  );
}

/** Settings > Payments (docs/product/profiles.md#payments-page): Available Funds, Payment Activity ('No Transactions'), support. */
export function PaymentsPage() {
  const query = usePaymentsQuery();
  if (query.isPending) {
    return (
      <div className={styles.body} aria-busy="true">
        <p className="visually-hidden" role="status">
          Loading…
        </p>
        <Skeleton height={120} />
        <Skeleton width={160} height={22} />
        <Skeleton height={64} />
        <Skeleton height={64} />
      </div>
    );
  }
  if (query.isError) {
    return <ErrorState onRetry={() => void query.refetch()} retrying={query.isFetching} body={TEXTS.loadFailed} />;
  }
  const { availableFundsCents, activity } = query.data;
  return (
    <div className={styles.body}>
      <section className={styles.funds} aria-labelledby="available-funds">
        <span className={styles.fundsIcon} aria-hidden="true">
          <Wallet size={22} />
        </span>
        <h3 id="available-funds" className={styles.fundsTitle}>
          {PAYMENT_MESSAGES.availableFunds}
        </h3>
        <p className={styles.fundsAmount} data-testid="available-funds">
          {formatUsd(availableFundsCents)}
        </p>
      </section>
      <section aria-labelledby="payment-activity" className={styles.activity}>
        <h3 id="payment-activity" className={styles.sectionTitle}>
          {PAYMENT_MESSAGES.paymentActivity}
        </h3>
        {activity.length === 0 ? (
          <EmptyState icon={<Receipt aria-hidden="true" size={28} />} title={SETTINGS_MESSAGES.noTransactions} />
        ) : (
          <ul className={styles.list}>
            {activity.map((item) => (
              <ActivityRow key={item.adId} item={item} />
            ))}
          </ul>
        )}
      </section>
      <Link to={paths.settings.help.getHref()} className={styles.support}>
        <LifeBuoy aria-hidden="true" size={20} />
        <span className={styles.rowText}>
          <span className={styles.rowTitle}>{PAYMENT_MESSAGES.customerSupport}</span>
          <span className={styles.rowDate}>{SETTINGS_MESSAGES.supportPrompt}</span>
        </span>
      </Link>
    </div>
  );
}
