import { unwrap } from '../../api/client';
import { useAppServices } from '../../services/providers';
import { stockAlertSchema } from '../../domain/form-messages';
import { CaptchaForm } from './captcha-form';
import { useSignedInPerson } from './use-signed-in-person';

/** The success notice of catalogue-and-content.md section 8. */
export const stockAlertSuccess = (productName: string) => `You will be notified when ${productName} is back in stock`;

/**
 * Notify Me (sections 3, 4, 5, 7, 8): shown instead of Add to Cart when the chosen sku has no
 * stock; email (prefilled when signed in), the sku and product name, captcha. A failure shows the
 * server's message.
 */
export function StockAlertForm({ productId, productName }: { productId: string; productName: string }) {
  const { api } = useAppServices();
  const person = useSignedInPerson();
  return (
    <CaptchaForm
      key={`${productId}-${person?.email ?? 'guest'}`}
      id={`stock-alert-${productId}`}
      label={`Notify me when ${productName} is back in stock`}
      schema={stockAlertSchema}
      defaults={{ email: person?.email ?? '', productId, productName }}
      fields={[
        { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', wide: true },
        { name: 'productId', label: 'Product', hidden: true },
        { name: 'productName', label: 'Product name', hidden: true },
      ]}
      successText={stockAlertSuccess(productName)}
      submitLabel="Notify Me"
      send={async (values) => {
        await unwrap(
          api.POST('/ProductNotification/subscribe', {
            body: { email: values.email, productId: values.productId, productName: values.productName, captcha: values.captcha },
          }),
        );
        return null;
      }}
    />
  );
}
