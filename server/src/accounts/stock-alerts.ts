import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { skus, stockAlerts } from '../db/schema';
import { isEmail } from '../../../src/domain/email';
import { badRequest, notFound } from '../problem';
import { normalizeEmail } from '../newsletter/newsletter-service';

export interface StockAlertRequest {
  email: string;
  /** The sku (catalogue spec section 3, Stock alert). */
  productId: string;
}

/** Catalogue spec section 8: the success notice names the product. */
export const alertMessage = (productName: string) => `You will be notified when ${productName} is back in stock`;

/**
 * Records a back-in-stock alert for an email and sku. The product's name comes from the
 * catalogue, never from the payload (it is what the notice and the later mail will say). Asking
 * again is not an error; an alert that was already sent is armed again.
 */
export async function subscribeStockAlert(db: Db, input: StockAlertRequest): Promise<string> {
  const email = normalizeEmail(input.email);
  if (!isEmail(email)) throw badRequest('email must be a valid email address');
  const sku = input.productId.trim();
  const [product] = await db
    .select({ sku: skus.sku, productName: skus.productName, qtyOnHand: skus.qtyOnHand })
    .from(skus)
    .where(eq(skus.sku, sku));
  if (!product) throw notFound(`We could not find a product with the sku ${sku}`);
  if (product.qtyOnHand > 0) {
    throw badRequest(`${product.productName} is in stock, so there is no need for an alert: you can order it now`);
  }
  await db
    .insert(stockAlerts)
    .values({ email, sku: product.sku, productName: product.productName })
    .onConflictDoUpdate({
      target: [stockAlerts.email, stockAlerts.sku],
      set: { productName: product.productName, notifiedAt: null },
    });
  return alertMessage(product.productName);
}
