export {
  type Channel,
  contactChannels,
  inspectionChannels,
  type Notice,
  type NotifiableContact,
} from './contact-channels';
export { createDeliveryLogService, type DeliveryLogService } from './delivery-log.service';
export { createSmtpTransport, type MailTransport } from './mail-transport';
export { DELIVER_OUTBOX, notificationJobs } from './notifications.jobs';
export {
  type ChannelMessage,
  createOutboxService,
  type EmailToQueue,
  enqueueMessages,
  type OutboxBatchQueue,
  type OutboxService,
  retryDelaySeconds,
  SMS_MAX_CHARACTERS,
  type SmsToQueue,
  smsText,
} from './outbox.service';
export { type ContactRecipient, createRecipientsRepository } from './recipients.repository';
export { SMS_INBOUND_PATH, smsConsentRoutes, smsInboundUrl } from './sms-consent.routes';
export { createSmsConsentService, type SmsConsentService } from './sms-consent.service';
export { smsStatusRoutes } from './sms-status.routes';
export { twilioTransportFromConfig } from './sms-transport';
