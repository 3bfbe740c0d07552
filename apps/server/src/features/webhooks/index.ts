export { DELIVER_WEBHOOKS, webhookJobs } from './webhooks.jobs';
export { webhooksRoutes } from './webhooks.routes';
export { createWebhooksService, type WebhooksOptions, type WebhooksService } from './webhooks.service';
