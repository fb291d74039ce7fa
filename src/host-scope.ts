/**
 * Where a host page's button or picker finds its fellows: its `data-sf-product` container or its form. Shared
 * by the page's wiring (`host.ts`, in the loader) and its add buttons (`host-add-to-cart.ts`, loaded on the first
 * click).
 */
export function scopeOf(element: Element): Element | null {
  return element.closest('[data-sf-product]') ?? (element as HTMLButtonElement).form ?? null;
}
