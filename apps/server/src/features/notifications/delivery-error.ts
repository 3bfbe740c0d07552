/**
 * A provider's refusal that no retry can change (an invalid or unsubscribed number): the outbox
 * marks the message failed at once with this reason instead of trying again.
 */
export class PermanentDeliveryError extends Error {
  override name = 'PermanentDeliveryError';
}
