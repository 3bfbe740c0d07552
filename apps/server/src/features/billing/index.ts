export { billingJobs, SYNC_SUBSCRIPTION_QUANTITY } from './billing.jobs';
export { billingRoutes } from './billing.routes';
export { createBillingService } from './billing.service';
export { type CheckoutSession, isPaid, type PaymentAdapter } from './payment-provider';
export { createTrialNoticesService } from './trial-notices.service';
