/**
 * The ads module's face (boosting, docs/product/boosting.md#overview): its routes, the payment provider the app picks, what
 * posts ask of ads (`feedAds`), and the ad clock the jobs run.
 */
export { adsRoutes } from './ads.routes.ts';
export { feedAds } from './feed-ads.ts';
export { runAdClock } from './lifecycle.ts';
export { paymentProviderFor } from './payment-provider.ts';
