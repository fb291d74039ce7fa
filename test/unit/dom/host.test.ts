import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Sandbox } from '../../../sandbox/app';
import { wireHostPage } from '../../../src/host';
import { readAddToCart, readPickers } from '../../../src/host-add-to-cart';
import { OPEN_MENU_EVENT } from '../../../src/ui/lazy-element';
import { CHUNK_TIMEOUT_MS, importChunks, sandboxStore, settle, signInMember } from '../../helpers/widget';

// What the code loads on first use (`import()`), here once: the tests wait for it, not for vitest loading it.
beforeAll(
  () =>
    importChunks(
      'hostAdd',
      'textsEn',
      'memberPart',
      'menuEn',
      'cartEdits',
      'cartV1',
      'memberActions',
      'redirects',
      'productCalls',
    ),
  CHUNK_TIMEOUT_MS,
);

function card(html: string): HTMLElement {
  document.body.innerHTML = html;
  return document.querySelector('[data-sf-add-to-cart]') as HTMLElement;
}

/** The host page wired to a store that holds an empty cart and no one, for what a button does before the add. */
const wireWithoutStore = () =>
  wireHostPage(
    document,
    {
      getState: () => ({ cart: { count: 0, status: 'idle' }, session: { role: 'none' } }),
      subscribe: () => () => {},
      // (A pointer or focus near an add starts the visitor's token.)
      session: { ensureTokens: () => new Promise(() => {}) },
    } as never,
    { openCartOnAdd: true, lang: 'en', report: () => {} },
  );

describe('the host page option pickers', () => {
  it('reads a select and the checked radio of a group in the button’s data-sf-product container', () => {
    const button = card(`<article data-sf-product>
      <select data-sf-option="Size"><option value="">Choose</option><option value="M" selected>M</option></select>
      <input type="radio" name="c" value="White" data-sf-option="Color">
      <input type="radio" name="c" value="Navy" data-sf-option="Color" checked>
      <button data-sf-add-to-cart="p1" data-sf-options='{"Fit":"Slim","Size":"S"}'>Add</button></article>`);
    const picked = readPickers(button);
    expect(picked).toEqual({ ok: true, options: { Size: 'M', Color: 'Navy' } });
    // The pickers win over the button's fixed options; the others stay.
    expect(readAddToCart(button, picked.ok ? picked : {})).toEqual({
      ok: true,
      input: { productId: 'p1', quantity: 1, options: { Fit: 'Slim', Size: 'M', Color: 'Navy' } },
    });
  });

  it('names the first option with no choice, and its control to focus', () => {
    const button = card(`<form>
      <input type="radio" name="c" value="White" data-sf-option="Color" checked>
      <select data-sf-option="Size"><option value="" selected>Choose</option><option value="M">M</option></select>
      <button data-sf-add-to-cart="p1">Add</button></form>`);
    const picked = readPickers(button);
    expect(picked.ok).toBe(false);
    if (!picked.ok) {
      expect(picked.option).toBe('Size');
      expect(picked.control.tagName).toBe('SELECT');
    }
  });

  it('takes the quantity from a data-sf-quantity-input and explains a bad one', () => {
    const button = card(`<form data-sf-product><input data-sf-quantity-input value="2.5">
      <button data-sf-add-to-cart="p1" data-sf-quantity="3">Add</button></form>`);
    const picked = readPickers(button);
    expect(picked).toEqual({ ok: true, options: {}, quantity: '2.5' });
    expect(readAddToCart(button, picked.ok ? picked : {})).toEqual({
      ok: false,
      message: 'the quantity "2.5" is not a whole number from 1 to 9999',
    });
    (document.querySelector('[data-sf-quantity-input]') as HTMLInputElement).value = '4';
    const again = readPickers(button);
    expect(readAddToCart(button, again.ok ? again : {})).toMatchObject({ ok: true, input: { quantity: 4 } });
  });

  it('without a container, a button reads only its own attributes', () => {
    const button = card('<button data-sf-add-to-cart="p1" data-sf-quantity="2">Add</button>');
    expect(readPickers(button)).toEqual({ ok: true, options: {} });
    expect(readAddToCart(button)).toEqual({ ok: true, input: { productId: 'p1', quantity: 2 } });
  });
});

describe('host page details a hostile page can reach', () => {
  it('takes plain decimal quantities only: 1e3, 0x10, 1.5 and -2 are explained, not read as numbers', () => {
    for (const bad of ['1e3', '0x10', '1.5', '-2', '2 3', '0b11']) {
      const button = card(`<button data-sf-add-to-cart="p1" data-sf-quantity="${bad}">Add</button>`);
      expect(readAddToCart(button)).toMatchObject({ ok: false });
    }
    const button = card('<button data-sf-add-to-cart="p1" data-sf-quantity=" 12 ">Add</button>');
    expect(readAddToCart(button)).toEqual({ ok: true, input: { productId: 'p1', quantity: 12 } });
  });

  it('shows an option’s name as it is in "Choose a …", with $& and $\' left alone', async () => {
    const scope = document.createElement('div');
    scope.setAttribute('data-sf-product', '');
    scope.innerHTML = `<select data-sf-option="Size $&amp; $' $\`"><option value="">–</option></select>
      <button data-sf-add-to-cart="p1">Add</button><p data-sf-message hidden></p>`;
    document.body.append(scope);
    const unwire = wireWithoutStore();
    (scope.querySelector('button') as HTMLButtonElement).click();
    await vi.waitFor(() =>
      expect(scope.querySelector('[data-sf-message]')?.textContent).toBe("Choose a Size $& $' $`."),
    );
    unwire();
    scope.remove();
  });
});

describe('the host page’s "choose a …" mark', () => {
  it('marks the option without a choice, and clears it with a choice in that option only', async () => {
    const scope = card(`<form data-sf-product>
      <select data-sf-option="Size"><option value="">–</option><option value="M">M</option></select>
      <select data-sf-option="Fit"><option value="Slim">Slim</option><option value="Wide">Wide</option></select>
      <button data-sf-add-to-cart="p1">Add</button><p data-sf-message hidden></p></form>`).closest(
      'form',
    ) as HTMLFormElement;
    const [size, fit] = [...scope.querySelectorAll('select')] as [HTMLSelectElement, HTMLSelectElement];
    const unwire = wireWithoutStore();
    (scope.querySelector('button') as HTMLButtonElement).click();
    await vi.waitFor(() => expect(size.getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(size);
    // A choice in another option leaves the mark; one in this option clears it.
    fit.value = 'Wide';
    fit.dispatchEvent(new Event('change', { bubbles: true }));
    expect(size.getAttribute('aria-invalid')).toBe('true');
    size.value = 'M';
    size.dispatchEvent(new Event('change', { bubbles: true }));
    expect(size.hasAttribute('aria-invalid')).toBe(false);
    unwire();
  });
});

describe('the host page’s messages in its language', () => {
  /**
   * A card's button pressed on a page in `lang` with the site's `strings`: its Size unchosen, or (with a
   * quantity other than 1) chosen, and the quantity typed.
   */
  async function pressed(lang: string, quantity: string, strings?: Record<string, string>) {
    const chosen = quantity === '1' ? '' : ' selected';
    const scope = card(`<form data-sf-product>
      <select data-sf-option="Size"><option value="">–</option><option value="M"${chosen}>M</option></select>
      <input data-sf-quantity-input value="${quantity}">
      <button data-sf-add-to-cart="p1">Add</button><p data-sf-message hidden></p></form>`).closest(
      'form',
    ) as HTMLFormElement;
    const store = {
      getState: () => ({ cart: { count: 0, status: 'idle' }, session: { role: 'none' } }),
      subscribe: () => () => {},
      // (A pointer or focus near an add starts the visitor's token.)
      session: { ensureTokens: () => new Promise(() => {}) },
    };
    const unwire = wireHostPage(document, store as never, {
      openCartOnAdd: true,
      lang,
      ...(strings ? { strings } : {}),
      report: () => {},
    });
    (scope.querySelector('button') as HTMLButtonElement).click();
    const message = scope.querySelector('[data-sf-message]') as HTMLElement;
    await vi.waitFor(() => expect(message.hidden).toBe(false));
    unwire();
    return message.textContent;
  }

  it('says "choose a …" and a bad quantity in the page’s language (the drawer’s texts pack)', async () => {
    expect(await pressed('de-AT', '1')).toBe('Bitte Size wählen.');
    expect(await pressed('ar', '1')).toBe('اختر Size.');
    expect(await pressed('ja', '1')).toBe('Sizeを選択してください。');
    expect(await pressed('fr', '1')).toBe('Choisissez une option pour «\u00a0Size\u00a0».');
    expect(await pressed('fr', '0')).toBe('Saisissez un nombre entier de 1 à 9999.');
    expect(await pressed('nl', '10000')).toBe('Voer een heel getal van 1 tot en met 9999 in.');
  });

  it('says them in the site’s own words (data-strings), as the widgets do', async () => {
    expect(await pressed('en', '1', { chooseOption: 'Pick a {name} first' })).toBe('Pick a Size first');
  });
});

/** The host page wired to the real store and session on the in-process sandbox. */
function wiredPage(
  html: string,
  options: { lang?: string; openCartOnAdd?: boolean; fetch?: (sandbox: Sandbox) => typeof fetch } = {},
) {
  document.body.innerHTML = html;
  const { sandbox, store, session, productId } = sandboxStore(
    {},
    options.fetch ? { fetch: options.fetch } : {},
  );
  const reported: string[] = [];
  const unwire = wireHostPage(document, store, {
    openCartOnAdd: options.openCartOnAdd ?? false,
    lang: options.lang ?? 'en',
    report: (message) => reported.push(message),
  });
  return { sandbox, session, store, reported, productId, unwire };
}

describe('the host page against the platform', () => {
  it('opens the drawer as a slow add starts, with the add shown on its way, not when it ends', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const page = wiredPage('<button>Add</button>', {
      openCartOnAdd: true,
      fetch: (sandbox) => async (input, init) => {
        const request = new Request(input as RequestInfo, init);
        if (request.url.endsWith('/add-to-cart')) await held;
        return sandbox.fetch(request);
      },
    });
    const button = document.querySelector('button') as HTMLButtonElement;
    button.setAttribute('data-sf-add-to-cart', page.productId('stoneware-mug'));
    button.click();
    await vi.waitFor(() => expect(page.store.getState().ui.cartOpen).toBe(true));
    expect(page.store.getState().cart).toMatchObject({ adding: true, count: 0 });
    expect(button.getAttribute('aria-busy')).toBe('true');
    release();
    await vi.waitFor(() => expect(button.getAttribute('data-sf-state')).toBe('added'));
    expect(page.store.getState().cart).toMatchObject({ adding: false, count: 1 });
    page.unwire();
  });

  it('names the variant that is sold out in the add’s message', async () => {
    const page = wiredPage(`<article data-sf-product>
      <input type="radio" name="c" value="Charcoal" data-sf-option="Color">
      <input type="radio" name="c" value="Mustard" data-sf-option="Color" checked>
      <button>Add</button><p data-sf-message hidden></p></article>`);
    const button = document.querySelector('button') as HTMLButtonElement;
    button.setAttribute('data-sf-add-to-cart', page.productId('wool-beanie'));
    button.click();
    await vi.waitFor(() => expect(button.getAttribute('data-sf-state')).toBe('error'));
    const message = document.querySelector('[data-sf-message]') as HTMLElement;
    expect(message.textContent).toBe('"Merino Wool Beanie, Mustard" is out of stock');
    expect(message.hidden).toBe(false);
    expect(page.store.getState().cart.error).toEqual({
      key: 'addFailed',
      detail: '"Merino Wool Beanie, Mustard" is out of stock',
    });
    page.unwire();
  });
});

describe('a button without pickers for a product with options', () => {
  /** A French page's button for the tee (Size and Color) naming no choice; what went to the platform. */
  const teePage = () => {
    const sent: string[] = [];
    const page = wiredPage('<div data-sf-product><button>Add</button><p data-sf-message hidden></p></div>', {
      lang: 'fr',
      fetch: (sandbox) => async (input, init) => {
        const request = new Request(input as RequestInfo, init);
        sent.push(`${request.method} ${new URL(request.url).pathname}`);
        return sandbox.fetch(request);
      },
    });
    const button = document.querySelector('button') as HTMLButtonElement;
    button.setAttribute('data-sf-add-to-cart', page.productId('everyday-cotton-tee'));
    const message = document.querySelector('[data-sf-message]') as HTMLElement;
    return { page, sent, button, message };
  };

  it('sends nothing for a product the page shows, and asks for the option in the page’s language', async () => {
    const { page, sent, button, message } = teePage();
    await page.store.getState().loadProduct({ slug: 'everyday-cotton-tee' });
    button.click();
    await vi.waitFor(() => expect(button.getAttribute('data-sf-state')).toBe('error'));
    expect(message.textContent).toBe('Choisissez une option pour «\u00a0Size\u00a0».');
    expect(sent.filter((line) => line.endsWith('/add-to-cart'))).toEqual([]);
    page.unwire();
  });

  it('says which option, in the page’s language, for one it did not know: the platform’s refusal, then the product', async () => {
    const { page, button, message } = teePage();
    button.click();
    await vi.waitFor(() =>
      expect(message.textContent).toBe('Choisissez une option pour «\u00a0Size\u00a0».'),
    );
    expect(button.getAttribute('data-sf-state')).toBe('error');
    // Not the platform's English, neither here nor in the drawer's banner.
    expect(page.store.getState().cart.error).toBeNull();
    page.unwire();
  });

  it('asks in the drawer’s banner when the page has no message element', async () => {
    const { page, button } = teePage();
    document.querySelector('[data-sf-message]')?.remove();
    await page.store.getState().loadProduct({ slug: 'everyday-cotton-tee' });
    button.click();
    await vi.waitFor(() => expect(page.reported).toEqual([expect.stringContaining('choose a Size')]));
    expect(page.store.getState().cart.error).toEqual({ key: 'chooseOption', detail: 'Size' });
    expect(page.store.getState().ui.cartOpen).toBe(true);
    page.unwire();
  });
});

/** Signs the page's visitor in as Jane, as a merchant's server may (the sandbox's API key). */
async function signInJane(page: ReturnType<typeof wiredPage>) {
  await signInMember(page);
  await vi.waitFor(() => expect(page.store.getState().session.role).toBe('member'));
}

describe('the host page by role', () => {
  it('shows data-sf-show="signed-in" elements to members only, and "signed-out" ones to the others', async () => {
    const page = wiredPage(`<a id="orders" data-sf-show="signed-in" hidden>My orders</a>
      <p id="join" data-sf-show="signed-out">Join us</p><p id="typo" data-sf-show="members">x</p>`);
    const el = (id: string) => document.getElementById(id) as HTMLElement;
    expect([el('orders').hidden, el('join').hidden]).toEqual([true, false]);
    // A value it does not know is said once, and the element is left alone.
    expect(el('typo').hidden).toBe(false);
    expect(page.reported).toEqual(['data-sf-show="members" is not signed-in or signed-out']);

    await signInJane(page);
    expect([el('orders').hidden, el('join').hidden]).toEqual([false, true]);
    // Elements the page adds later take their role at once.
    const later = document.createElement('span');
    later.setAttribute('data-sf-show', 'signed-out');
    document.body.append(later);
    await vi.waitFor(() => expect(later.hidden).toBe(true));

    await page.store.getState().signOut({ platform: false });
    expect([el('orders').hidden, el('join').hidden, later.hidden]).toEqual([true, false, false]);
    expect(page.reported).toHaveLength(1);
    page.unwire();
  });

  it('opens the login for a visitor, and the badge’s account menu for a member', async () => {
    const page = wiredPage(`<button data-sf-sign-in>Sign in</button><sf-member-badge></sf-member-badge>`);
    const button = document.querySelector('[data-sf-sign-in]') as HTMLButtonElement;
    const asked: Event[] = [];
    document
      .querySelector('sf-member-badge')
      ?.addEventListener(OPEN_MENU_EVENT, (event) => asked.push(event));
    button.click();
    expect(page.store.getState().ui.loginOpen).toBe(true);
    page.store.getState().closeLogin();

    await signInJane(page);
    button.click();
    expect(asked).toHaveLength(1);
    expect(page.store.getState().ui.loginOpen).toBe(false);

    // With no badge on the page, the console says what is missing.
    document.querySelector('sf-member-badge')?.remove();
    button.click();
    expect(page.store.getState().ui.loginOpen).toBe(false);
    expect(page.reported).toEqual([
      'a member’s data-sf-sign-in opens the menu of <sf-member-badge>: add one',
    ]);
    page.unwire();
  });
});

describe('the host page’s prefetch of the add’s code', () => {
  /** A page wired with a prefetch spy, its platform requests counted. */
  function prefetchPage(html: string) {
    const sent: string[] = [];
    const page = wiredPage(html, {
      fetch: (sandbox) => (input, init) => {
        sent.push(new Request(input as RequestInfo, init).url);
        return sandbox.fetch(new Request(input as RequestInfo, init));
      },
    });
    page.unwire();
    const prefetch = vi.fn();
    const unwire = wireHostPage(document, page.store, {
      openCartOnAdd: true,
      lang: 'en',
      report: () => {},
      prefetch,
    });
    return { prefetch, sent, unwire, store: page.store };
  }

  it('starts at the first pointer or focus on or near an add button, once, with no platform request before', () => {
    const { prefetch, sent, unwire } = prefetchPage(
      '<p>Text</p><article data-sf-product><h2>Mug</h2><button data-sf-add-to-cart="p1">Add</button></article>',
    );
    // An idle callback (a timer in happy-dom) is due, but the pointer comes first.
    const text = document.querySelector('p') as HTMLElement;
    text.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
    expect(prefetch).not.toHaveBeenCalled();
    expect(sent).toEqual([]);
    (document.querySelector('h2') as HTMLElement).dispatchEvent(
      new PointerEvent('pointerover', { bubbles: true }),
    );
    expect(prefetch).toHaveBeenCalledTimes(1);
    (document.querySelector('button') as HTMLButtonElement).focus();
    (document.querySelector('button') as HTMLButtonElement).dispatchEvent(
      new PointerEvent('pointerdown', { bubbles: true }),
    );
    expect(prefetch).toHaveBeenCalledTimes(1);
    unwire();
  });

  it('starts the visitor’s token at the first pointer or focus near an add, once, and never on idle alone', async () => {
    const { sent, unwire } = prefetchPage(
      '<p>Text</p><article data-sf-product><h2>Mug</h2><button data-sf-add-to-cart="p1">Add</button></article>',
    );
    const tokenRequests = () => sent.filter((url) => url.endsWith('/oauth2/token'));
    // The idle prefetch comes and goes: static files only.
    await settle();
    await settle();
    (document.querySelector('p') as HTMLElement).dispatchEvent(
      new PointerEvent('pointerover', { bubbles: true }),
    );
    await settle();
    expect(sent).toEqual([]);
    (document.querySelector('h2') as HTMLElement).dispatchEvent(
      new PointerEvent('pointerover', { bubbles: true }),
    );
    await vi.waitFor(() => expect(tokenRequests()).toHaveLength(1));
    (document.querySelector('button') as HTMLButtonElement).focus();
    await settle();
    expect(tokenRequests()).toHaveLength(1);
    expect(sent).toEqual(tokenRequests());
    unwire();
  });

  it('asks no token at a pointer near an add for a visitor whose access token is fresh', async () => {
    const { sent, unwire, store } = prefetchPage('<button data-sf-add-to-cart="p1">Add</button>');
    await store.session.ensureTokens();
    sent.length = 0;
    (document.querySelector('button') as HTMLButtonElement).focus();
    await settle();
    expect(sent).toEqual([]);
    unwire();
  });

  it('starts on focus alone (a keyboard)', () => {
    const { prefetch, unwire } = prefetchPage('<button data-sf-add-to-cart="p1">Add</button>');
    (document.querySelector('button') as HTMLButtonElement).focus();
    expect(prefetch).toHaveBeenCalledTimes(1);
    unwire();
  });

  it('starts when the browser is idle on a page with an add button or a product, never on one without', async () => {
    const withButton = prefetchPage('<button data-sf-add-to-cart="p1">Add</button>');
    await vi.waitFor(() => expect(withButton.prefetch).toHaveBeenCalledTimes(1));
    // The drawer's fonts readied too.
    expect(withButton.prefetch.mock.calls).toEqual([[true]]);
    expect(withButton.sent).toEqual([]);
    withButton.unwire();
    const withProduct = prefetchPage('<sf-product product="mug"></sf-product>');
    await vi.waitFor(() => expect(withProduct.prefetch).toHaveBeenCalledTimes(1));
    withProduct.unwire();
    const without = prefetchPage('<button data-sf-open-cart>Cart</button><button>Menu</button>');
    await settle();
    await settle();
    (document.querySelectorAll('button')[1] as HTMLButtonElement).focus();
    expect(without.prefetch).not.toHaveBeenCalled();
    without.unwire();
  });

  it('starts the drawer’s code at a pointer or focus on a cart button, on a page with no add, without a token', async () => {
    const { prefetch, sent, unwire } = prefetchPage(
      '<header><a href="/cart" data-sf-open-cart>Cart <span data-sf-cart-count></span></a></header><p>Text</p>',
    );
    // Not on idle: no add on the page.
    await settle();
    await settle();
    expect(prefetch).not.toHaveBeenCalled();
    (document.querySelector('p') as HTMLElement).dispatchEvent(
      new PointerEvent('pointerover', { bubbles: true }),
    );
    expect(prefetch).not.toHaveBeenCalled();
    (document.querySelector('span') as HTMLElement).dispatchEvent(
      new PointerEvent('pointerover', { bubbles: true }),
    );
    expect(prefetch.mock.calls).toEqual([[true]]);
    (document.querySelector('a') as HTMLElement).focus();
    expect(prefetch).toHaveBeenCalledTimes(1);
    // Static files only: the cart is read as the page starts, the token waits for an add.
    await settle();
    expect(sent).toEqual([]);
    unwire();
  });

  it('does not on idle for a visitor who asked to save data, or on 2G: at the first pointer or focus only', async () => {
    for (const connection of [{ saveData: true, effectiveType: '4g' }, { effectiveType: 'slow-2g' }]) {
      Object.defineProperty(navigator, 'connection', { value: connection, configurable: true });
      try {
        const page = prefetchPage('<button data-sf-add-to-cart="p1">Add</button>');
        // The idle callback (a timer in happy-dom) comes and goes.
        await settle();
        await settle();
        expect(page.prefetch).not.toHaveBeenCalled();
        (document.querySelector('button') as HTMLButtonElement).focus();
        // The code, and not the drawer's fonts ahead (a web font would be downloaded for them).
        expect(page.prefetch.mock.calls).toEqual([[false]]);
        page.unwire();
      } finally {
        Reflect.deleteProperty(navigator, 'connection');
      }
    }
  });
});
