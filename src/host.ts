import type { Storefront } from './store/store';

/** Reads a button's add-to-cart attributes; a bad value is a message for the console, not a request. */
export function readAddToCart(element: Element):
  | {
      ok: true;
      input: { productId: string; quantity: number; variantId?: string; options?: Record<string, string> };
    }
  | { ok: false; message: string } {
  const productId = element.getAttribute('data-sf-add-to-cart')?.trim();
  if (!productId) return { ok: false, message: 'data-sf-add-to-cart needs a product id' };
  const quantityText = element.getAttribute('data-sf-quantity');
  const quantity = quantityText === null || quantityText.trim() === '' ? 1 : Number(quantityText);
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > 9999) {
    return { ok: false, message: `data-sf-quantity="${quantityText}" is not a whole number from 1 to 9999` };
  }
  const variantId = element.getAttribute('data-sf-variant')?.trim() || undefined;
  const optionsText = element.getAttribute('data-sf-options');
  let options: Record<string, string> | undefined;
  if (optionsText?.trim()) {
    try {
      const parsed = JSON.parse(optionsText) as unknown;
      if (
        typeof parsed !== 'object' ||
        parsed === null ||
        Array.isArray(parsed) ||
        !Object.values(parsed).every((v) => typeof v === 'string')
      ) {
        throw new Error('not an object of strings');
      }
      options = parsed as Record<string, string>;
    } catch {
      return { ok: false, message: `data-sf-options must be JSON such as {"Size":"M"}, not ${optionsText}` };
    }
  }
  return {
    ok: true,
    input: { productId, quantity, ...(variantId ? { variantId } : {}), ...(options ? { options } : {}) },
  };
}

/**
 * Wires the host page's own elements: clicks on `data-sf-add-to-cart`, `data-sf-open-cart` and
 * `data-sf-sign-in` (anywhere, added later too, by event delegation), and every `data-sf-cart-count` kept
 * showing the count. Returns the unwiring.
 */
export function wireHostPage(
  doc: Document,
  store: Storefront,
  options: { openCartOnAdd: boolean; report: (message: string) => void },
): () => void {
  const onClick = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    const add = target?.closest('[data-sf-add-to-cart]');
    if (add) {
      event.preventDefault();
      if (add.getAttribute('aria-busy') === 'true') return;
      const read = readAddToCart(add);
      if (!read.ok) {
        options.report(read.message);
        add.setAttribute('data-sf-state', 'error');
        return;
      }
      add.setAttribute('aria-busy', 'true');
      add.setAttribute('data-sf-state', 'adding');
      void store
        .getState()
        .addToCart(read.input)
        .then((ok) => {
          add.setAttribute('data-sf-state', ok ? 'added' : 'error');
          if (ok && options.openCartOnAdd) store.getState().openCart();
        })
        .finally(() => add.removeAttribute('aria-busy'));
      return;
    }
    if (target?.closest('[data-sf-open-cart]')) {
      event.preventDefault();
      store.getState().openCart();
      return;
    }
    if (target?.closest('[data-sf-sign-in]')) {
      event.preventDefault();
      store.getState().openLogin();
    }
  };
  doc.addEventListener('click', onClick);

  let shown = -1;
  const paint = (force = false) => {
    const { count, status } = store.getState().cart;
    if (!force && count === shown) return;
    shown = count;
    for (const el of doc.querySelectorAll('[data-sf-cart-count]')) {
      el.textContent = String(count);
      el.setAttribute('data-sf-count', String(count));
      el.setAttribute('data-sf-status', status);
    }
  };
  paint(true);
  const unsubscribe = store.subscribe(() => paint());
  // Count elements the page adds later show the count at once.
  const observer =
    typeof MutationObserver === 'undefined'
      ? undefined
      : new MutationObserver((records) => {
          if (
            records.some((r) =>
              [...r.addedNodes].some(
                (n) =>
                  n instanceof Element &&
                  (n.matches('[data-sf-cart-count]') || n.querySelector('[data-sf-cart-count]')),
              ),
            )
          ) {
            paint(true);
          }
        });
  observer?.observe(doc.documentElement, { childList: true, subtree: true });
  return () => {
    doc.removeEventListener('click', onClick);
    unsubscribe();
    observer?.disconnect();
  };
}
