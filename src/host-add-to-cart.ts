import { retryOnce } from './chunks';
import type { EmbedConfig } from './config';
import { scopeOf } from './host-scope';
import type { Strings } from './i18n/en';
import type { Storefront } from './store/store';
import { fill } from './ui/i18n';
import { textsFor } from './widgets/texts';

/**
 * What a click on a page's `data-sf-add-to-cart` button does: read its scope's pickers and its attributes, say
 * what is missing or wrong, and add. Loaded on the first such click (with the cart's code, which the add
 * needs): a page that never adds never downloads it. What it says on the page ("Choose a Size.", a quantity
 * out of range, a failed add) is the drawer's texts in the page's language (`chooseOption`, `quantityInvalid`,
 * `addFailed`), whose pack the click downloads beside this chunk, with the site's `data-strings` over them.
 */

/**
 * The choices made in a button's scope: `<select data-sf-option="Size">`, radio buttons sharing
 * `data-sf-option="Color"` (the checked one counts) or any input with `data-sf-option`, and an
 * `<input data-sf-quantity-input>`. An option without a choice is reported with its control, to focus.
 */
export function readPickers(
  button: Element,
):
  | { ok: true; options: Record<string, string>; quantity?: string }
  | { ok: false; option: string; control: HTMLElement } {
  const scope = scopeOf(button);
  // No prototype: an option called `__proto__` is an option like any other.
  const options: Record<string, string> = Object.create(null);
  if (!scope) return { ok: true, options };
  const controls = [...scope.querySelectorAll<HTMLInputElement | HTMLSelectElement>('[data-sf-option]')];
  const names = [...new Set(controls.map((c) => c.getAttribute('data-sf-option')?.trim() ?? ''))].filter(
    Boolean,
  );
  for (const name of names) {
    const group = controls.filter((c) => c.getAttribute('data-sf-option')?.trim() === name);
    const chosen = group.find((c) =>
      c instanceof HTMLInputElement && (c.type === 'radio' || c.type === 'checkbox') ? c.checked : true,
    );
    const value = chosen?.value.trim();
    if (!value) return { ok: false, option: name, control: group[0] as HTMLElement };
    options[name] = value;
  }
  const quantityInput = scope.querySelector<HTMLInputElement>('[data-sf-quantity-input]');
  return { ok: true, options, ...(quantityInput ? { quantity: quantityInput.value } : {}) };
}

/** Reads a button's add-to-cart attributes; a bad value is a message for the console, not a request. */
export function readAddToCart(
  element: Element,
  picked: { options?: Record<string, string>; quantity?: string } = {},
):
  | {
      ok: true;
      input: { productId: string; quantity: number; variantId?: string; options?: Record<string, string> };
    }
  | { ok: false; message: string } {
  const productId = element.getAttribute('data-sf-add-to-cart')?.trim();
  if (!productId) return { ok: false, message: 'data-sf-add-to-cart needs a product id' };
  const quantityText = picked.quantity ?? element.getAttribute('data-sf-quantity');
  // Plain decimal digits only: `Number()` would also take "1e3", "0x10" and " 2 ".
  const quantityDigits = quantityText?.trim() ?? '';
  const quantity =
    quantityDigits === '' ? 1 : /^\d+$/.test(quantityDigits) ? Number(quantityDigits) : Number.NaN;
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > 9999) {
    return {
      ok: false,
      message: `${picked.quantity === undefined ? 'data-sf-quantity' : 'the quantity'} "${quantityText}" is not a whole number from 1 to 9999`,
    };
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
      return {
        ok: false,
        message: `data-sf-options must be JSON such as {"Size":"Medium"}, not ${optionsText}`,
      };
    }
  }
  if (picked.options && Object.keys(picked.options).length) options = { ...options, ...picked.options };
  return {
    ok: true,
    input: { productId, quantity, ...(variantId ? { variantId } : {}), ...(options ? { options } : {}) },
  };
}

/**
 * Marks an option's control as wanting a choice (`aria-invalid`), until a choice in that option's group is made:
 * a `change` there clears the group's mark.
 */
function markUnchosen(control: HTMLElement, option: string): void {
  if (control.getAttribute('aria-invalid') === 'true') return; // (still marked, and still listening)
  control.setAttribute('aria-invalid', 'true');
  const scope = scopeOf(control) ?? control.ownerDocument;
  const inGroup = (el: Element | null) => el?.getAttribute('data-sf-option')?.trim() === option;
  const onChange = (event: Event) => {
    if (!inGroup(event.target instanceof Element ? event.target.closest('[data-sf-option]') : null)) return;
    scope.removeEventListener('change', onChange);
    for (const el of scope.querySelectorAll('[data-sf-option]'))
      if (inGroup(el)) el.removeAttribute('aria-invalid');
  };
  scope.addEventListener('change', onChange);
}

/**
 * The first option of the product the add names no choice for (none named by `data-sf-variant`), when the store
 * knows the product (a product element on the page brought it, or `load` reads it): a button with no picker for
 * it asks for a choice in the page's language rather than sending an add the platform refuses in English.
 */
async function unchosen(
  store: Storefront,
  input: { productId: string; variantId?: string; options?: Record<string, string> },
  load = false,
): Promise<string | undefined> {
  if (input.variantId) return;
  const known = () => {
    const { items } = store.getState().products;
    return Object.hasOwn(items, input.productId) ? items[input.productId] : undefined;
  };
  if (!known() && load) await store.getState().loadProduct({ id: input.productId });
  const chosen = input.options ?? {};
  return known()
    ?.productOptions?.map((option) => option.name ?? '')
    .find((name) => name && typeof (Object.hasOwn(chosen, name) ? chosen[name] : undefined) !== 'string');
}

/**
 * Asks for an option's choice, for a button with no picker for it: in the scope's message element, else (and
 * on the console) in the drawer's banner, in the page's language.
 */
async function askFor(
  option: string,
  add: Element,
  store: Storefront,
  say: (button: Element, text: (t: Strings) => string) => Promise<boolean>,
  report: (message: string) => void,
): Promise<void> {
  add.setAttribute('data-sf-state', 'error');
  if (await say(add, (t) => fill(t.chooseOption, { name: option }))) return;
  report(`choose a ${option} before adding to the cart (data-sf-options or a data-sf-option picker)`);
  // Set after the drawer opens: a read of the cart it starts clears only the message shown before it.
  store.getState().openCart();
  store.setState((s) => ({
    cart: { ...s.cart, error: { key: 'chooseOption', detail: option }, retry: null },
  }));
}

/** Adds what a page's button says (the button is marked busy by the click; every way out here unmarks it). */
export async function addFrom(
  add: Element,
  store: Storefront,
  options: {
    openCartOnAdd: boolean;
    lang: string;
    strings?: Record<string, string>;
    report: (message: string) => void;
  } & Partial<Pick<EmbedConfig, 'theme' | 'toastOnAdd'>>,
): Promise<void> {
  const texts = textsFor('drawer', options.lang, options.strings);
  texts.catch(() => {}); // (said on the console instead, by `report`)
  /**
   * Shows a message in the scope's `data-sf-message` element (a text of the page's language once its texts are
   * here); false when the page has none, or the texts could not be downloaded.
   */
  const say = async (button: Element, text: string | ((t: Strings) => string)): Promise<boolean> => {
    const box = scopeOf(button)?.querySelector('[data-sf-message]');
    if (!box) return false;
    try {
      box.textContent = typeof text === 'string' ? text : text(await texts);
    } catch {
      return false;
    }
    box.toggleAttribute('hidden', !box.textContent);
    return true;
  };
  try {
    const picked = readPickers(add);
    if (!picked.ok) {
      markUnchosen(picked.control, picked.option);
      picked.control.focus();
      add.setAttribute('data-sf-state', 'error');
      if (!(await say(add, (t) => fill(t.chooseOption, { name: picked.option }))))
        options.report(`choose a ${picked.option} before adding to the cart`);
      return;
    }
    const read = readAddToCart(add, picked);
    if (!read.ok) {
      add.setAttribute('data-sf-state', 'error');
      if (!(await say(add, (t) => t.quantityInvalid))) options.report(read.message);
      return;
    }
    // An option with neither a picker nor a choice in the button's attributes: nothing is sent.
    const choose = (option: string) => askFor(option, add, store, say, options.report);
    const missing = await unchosen(store, read.input);
    if (missing) return await choose(missing);
    void say(add, '');
    add.setAttribute('data-sf-state', 'adding');
    // The drawer opens at once, showing the add on its way: a slow add is never a page that does nothing.
    const adding = store.getState().addToCart(read.input);
    if (options.openCartOnAdd) store.getState().openCart();
    const ok = await adding;
    add.setAttribute('data-sf-state', ok ? 'added' : 'error');
    // `data-open-cart-on-add="toast"`: a notice near the page's cart button instead.
    if (ok && options.toastOnAdd)
      void retryOnce(() => import('./widgets/toast/index')).then(
        (notice) => notice.showAdded(store, { strings: {}, ...options }, read.input.productId),
        (error: unknown) =>
          options.report(`the notice of an add could not be loaded: ${(error as Error).message}`),
      );
    if (!ok) {
      const problem = store.getState().cart.error;
      // Refused (not lost) for a product the page did not show: read it, and say which option wants a choice.
      const refused = problem?.key === 'addFailed' && problem.detail;
      const option = refused ? await unchosen(store, read.input, true).catch(() => undefined) : undefined;
      if (option) {
        store.getState().dismissCartError();
        return await choose(option);
      }
      // Without a message element the drawer's banner tells the visitor; an add that may have arrived shows
      // the cart itself, to be checked.
      if (problem?.key === 'addUnconfirmed' || !(await say(add, (t) => problem?.detail ?? t.addFailed)))
        store.getState().openCart();
    }
  } finally {
    add.removeAttribute('aria-busy');
  }
}
