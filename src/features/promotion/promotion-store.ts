import { createStore } from '@xstate/store';

/** Session-storage key of the promotions dismissed in this tab (one pop-up per applied discount). */
export const DISMISSED_PROMOTIONS_KEY = 'dismissedPromotions';

export function readDismissedPromotions(storage: Storage | undefined = globalThis.sessionStorage): string[] {
  try {
    const parsed = JSON.parse(storage?.getItem(DISMISSED_PROMOTIONS_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter((key): key is string => typeof key === 'string') : [];
  } catch {
    return [];
  }
}

function writeDismissedPromotions(keys: string[], storage: Storage | undefined) {
  try {
    storage?.setItem(DISMISSED_PROMOTIONS_KEY, JSON.stringify(keys));
  } catch {
    // Storage disabled: dismissals hold for this page load.
  }
}

/**
 * Which promotions the visitor has closed (or followed with Shop Now) in this tab. Kept in
 * session storage, so a reload does not bring a closed pop-up back, while a new visit may show
 * the promotion once more. Which promotion to show is `selectPromotion(cart, dismissed)`.
 */
export function createPromotionStore(storage: Storage | undefined = globalThis.sessionStorage) {
  return createStore({
    context: { dismissed: readDismissedPromotions(storage) },
    on: {
      'promotion.dismiss': (context, event: { key: string }, enqueue) => {
        if (context.dismissed.includes(event.key)) return context;
        const dismissed = [...context.dismissed, event.key];
        enqueue.effect(() => writeDismissedPromotions(dismissed, storage));
        return { dismissed };
      },
    },
  });
}

export type PromotionStore = ReturnType<typeof createPromotionStore>;
