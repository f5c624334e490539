import type { MailMessage } from '../mail/mailer';
import type { OrderDetail } from './orders';
import { orderLinkUrl } from './order-link';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const money = (dollars: number) => usd.format(dollars);

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The order confirmation (spec shop-core section 2, Order confirmation): order number, ship-to
 * (when some item is not an FFL item), dealer (when some is), items and totals. The link carries
 * the order's signed token (server/src/checkout/order-link.ts), so it opens in any browser.
 */
export function orderConfirmationMail(order: OrderDetail, publicUrl: string, linkToken: string): MailMessage {
  const lines: string[] = [];
  const name = `${order.shippingFirstName} ${order.shippingLastName}`.trim();
  lines.push(`Thank you for your order${name ? `, ${order.shippingFirstName}` : ''}!`, '');
  lines.push(`Order number: ${order.id}`, '');
  lines.push('Items:');
  for (const item of order.items) {
    const options = item.options.map((o) => `${o.label}: ${o.value}`).join(', ');
    lines.push(`  ${item.quantity} x ${item.productName}${options ? ` (${options})` : ''} @ ${money(item.unitPrice)} = ${money(item.price)}`);
  }
  lines.push(
    '',
    `Subtotal: ${money(order.subTotal)}`,
    ...(order.discountAmount ? [`Discount: -${money(order.discountAmount)}`] : []),
    `Shipping${order.shippingMethodName ? ` (${order.shippingMethodName})` : ''}: ${order.shippingCost ? money(order.shippingCost) : 'Free'}`,
    `Sales tax: ${money(order.taxAmount)}`,
    `Order total: ${money(order.totalAmount)}`,
    '',
  );
  if (order.items.some((item) => !item.isFflItem)) {
    lines.push(
      'Shipping to:',
      `  ${name}`,
      `  ${order.shippingAddress}`,
      `  ${order.shippingCity}, ${order.shippingState} ${order.shippingZipCode}`,
      `  ${order.shippingCountry}`,
      '',
    );
  }
  if (order.dealerName) {
    lines.push(
      'Firearms ship to your FFL dealer:',
      `  ${order.dealerName}`,
      `  ${order.dealerAddress}`,
      `  ${order.dealerCity}, ${order.dealerState} ${order.dealerZipCode}`,
      `  ${order.dealerPhone}`,
      '',
    );
  }
  lines.push(`You can see your order at ${orderLinkUrl(publicUrl, order.id, linkToken)}`, '', 'Ridgeline Arms');
  const text = lines.join('\n');
  return {
    to: order.userEmail,
    subject: `Your Ridgeline Arms order #${order.id}`,
    text,
    html: `<pre style="font-family: inherit">${escapeHtml(text)}</pre>`,
  };
}
