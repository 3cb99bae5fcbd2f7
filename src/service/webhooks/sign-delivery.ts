import { Webhook } from 'standardwebhooks';

/**
 * Standard Webhooks signing with the interface's header names: the provider word `webhook-` is
 * replaced by `hook-` (interface, Events). The signature covers id, timestamp and the exact body.
 */
export function signDelivery(
  secret: string,
  delivery: { id: string; body: string; sentAt: Date },
): Record<string, string> {
  return {
    'hook-id': delivery.id,
    'hook-timestamp': String(Math.floor(delivery.sentAt.getTime() / 1000)),
    'hook-signature': new Webhook(secret).sign(delivery.id, delivery.sentAt, delivery.body),
  };
}
