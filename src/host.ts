import type { Storefront } from './store/store';

/** Where a button's or a picker's fellows live: its `data-sf-product` container or its form. */
export function scopeOf(element: Element): Element | null {
  return element.closest('[data-sf-product]') ?? (element as HTMLButtonElement).form ?? null;
}

/**
 * Wires the host page's own elements: clicks on `data-sf-add-to-cart`, `data-sf-open-cart` and
 * `data-sf-sign-in` (anywhere, added later too, by event delegation), and every `data-sf-cart-count` kept
 * showing the count. Returns the unwiring.
 */
export function wireHostPage(
  doc: Document,
  store: Storefront,
  options: { openCartOnAdd: boolean; lang: string; report: (message: string) => void },
): () => void {
  const onClick = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    const add = target?.closest('[data-sf-add-to-cart]');
    if (add) {
      event.preventDefault();
      if (add.getAttribute('aria-busy') === 'true') return;
      add.setAttribute('aria-busy', 'true');
      void import('./host-add').then(
        (module) => module.addFrom(add, store, options),
        (error: unknown) => {
          add.removeAttribute('aria-busy');
          options.report(`the add-to-cart code could not be loaded: ${(error as Error).message}`);
        },
      );
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
  // A new choice clears the "choose a …" state of its group.
  const onChange = (event: Event) => {
    const control = event.target instanceof Element ? event.target.closest('[data-sf-option]') : null;
    if (!control) return;
    const name = control.getAttribute('data-sf-option');
    const scope = scopeOf(control);
    for (const other of scope?.querySelectorAll('[data-sf-option]') ?? [control]) {
      if (other.getAttribute('data-sf-option') === name) other.removeAttribute('aria-invalid');
    }
  };
  doc.addEventListener('change', onChange);

  let shown = '';
  const paint = (force = false) => {
    const { count, status } = store.getState().cart;
    if (!force && `${count} ${status}` === shown) return;
    shown = `${count} ${status}`;
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
    doc.removeEventListener('change', onChange);
    unsubscribe();
    observer?.disconnect();
  };
}
