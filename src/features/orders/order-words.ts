import type { TFunction } from 'i18next';
import type { components } from '@/lib/api/schema';
import { formatCents } from '@/lib/invoices/invoices-api';
import { formatParisDate } from '@/lib/orders/order-format';

export type Order = components['schemas']['Order'];

/**
 * Whether the withdrawal function is offered: for the whole period (Directive 2011/83 art. 11a), also
 * once the documents were provided at the founder's request, when the declaration refunds nothing.
 */
export function canDeclareWithdrawal(order: Order): boolean {
  return order.withdrawal.state === 'open' || order.withdrawal.state === 'rightLost';
}

/**
 * Where an order's withdrawal stands, in plain words with its date (checkout:orders): open until the
 * period's last day (C. consom. L. 221-18), lost once the documents were provided at the founder's
 * request (L. 221-28 13°), over, or done.
 */
export function withdrawalNote(order: Order, t: TFunction<'checkout'>, language: string): string {
  const { withdrawal } = order;
  const money = (cents: number) => formatCents(cents, order.currency, language);
  switch (withdrawal.state) {
    case 'open': {
      const note = t('orders.openUntil', {
        date: formatParisDate(withdrawal.until, language),
        amount: money(withdrawal.refundCents),
      });
      // Part of this order paid for a later upgrade: withdrawing from that one first gives it back.
      return withdrawal.creditUsedCents
        ? `${note} ${t('orders.creditUsed', { amount: money(withdrawal.creditUsedCents) })}`
        : note;
    }
    case 'rightLost':
      return t('orders.rightLost', { date: formatParisDate(withdrawal.until, language) });
    case 'periodOver':
      return t('orders.periodOver', { date: formatParisDate(withdrawal.until, language) });
    case 'withdrawn':
      return t('orders.withdrawn', {
        date: formatParisDate(withdrawal.withdrawnAt ?? withdrawal.until, language),
        amount: money(withdrawal.refundCents),
      });
    case 'refunded':
      return t('orders.refundedInFull');
  }
}
