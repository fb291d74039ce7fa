import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WidgetContext, WidgetModule } from '../../../src/ui/lazy-element';
import { defineLazyElement } from '../../../src/ui/lazy-element';

const context: WidgetContext = {
  config: {
    clientId: 'demo-client',
    apiBase: 'https://sandbox.test',
    lang: 'en',
    currency: 'USD',
    theme: 'auto',
    strings: {},
    openCartOnAdd: true,
    cartApi: 'v1',
    hostedLoginLink: false,
  },
  store: {} as WidgetContext['store'],
};

let counter = 0;
const uniqueName = () => `sf-test-${++counter}`;

function fakeWidget() {
  const mounts: ShadowRoot[] = [];
  const unmounts = vi.fn();
  const widget: WidgetModule = {
    mount(root) {
      mounts.push(root);
      root.innerHTML = '<p part="root">mounted</p>';
      return unmounts;
    },
  };
  return { widget, mounts, unmounts };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  document.body.innerHTML = '';
});

describe('defineLazyElement', () => {
  it('loads the chunk only when an element appears, then mounts into an open shadow root', async () => {
    const name = uniqueName();
    const { widget, mounts } = fakeWidget();
    const load = vi.fn(async () => widget);
    expect(defineLazyElement(customElements, name, load, context)).toBe(true);
    await flush();
    expect(load).not.toHaveBeenCalled();

    const element = document.createElement(name);
    document.body.append(element);
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    expect(element.shadowRoot?.mode).toBe('open');
    expect(mounts).toEqual([element.shadowRoot]);
    expect(element.shadowRoot?.textContent).toBe('mounted');
  });

  it('mounts elements added after the page loaded, each once', async () => {
    const name = uniqueName();
    const { widget, mounts } = fakeWidget();
    defineLazyElement(customElements, name, async () => widget, context);
    document.body.innerHTML = `<${name}></${name}><div><${name}></${name}></div>`;
    await flush();
    expect(mounts).toHaveLength(2);
  });

  it('shows the element’s own children (its fallback) until the widget renders', async () => {
    const name = uniqueName();
    let arrive: (widget: WidgetModule) => void = () => {};
    defineLazyElement(customElements, name, () => new Promise((resolve) => (arrive = resolve)), context);
    const element = document.createElement(name);
    element.innerHTML = '<a href="/tee">Everyday Cotton Tee</a>';
    document.body.append(element);
    await flush();
    const slot = element.shadowRoot?.querySelector('slot');
    expect(slot).not.toBeNull();
    expect(slot?.assignedNodes().map((n) => n.textContent)).toEqual(['Everyday Cotton Tee']);
    arrive(fakeWidget().widget);
    await flush();
    expect(element.shadowRoot?.querySelector('slot')).toBeNull();
    expect(element.shadowRoot?.textContent).toBe('mounted');
  });

  it('refuses to define a name twice, so a pasted-twice script tag mounts nothing twice', async () => {
    const name = uniqueName();
    const first = fakeWidget();
    const second = fakeWidget();
    expect(defineLazyElement(customElements, name, async () => first.widget, context)).toBe(true);
    expect(defineLazyElement(customElements, name, async () => second.widget, context)).toBe(false);
    document.body.append(document.createElement(name));
    await flush();
    expect(first.mounts).toHaveLength(1);
    expect(second.mounts).toHaveLength(0);
  });

  it('unmounts when the element leaves the page and mounts again when it returns', async () => {
    const name = uniqueName();
    const { widget, mounts, unmounts } = fakeWidget();
    defineLazyElement(customElements, name, async () => widget, context);
    const element = document.createElement(name);
    document.body.append(element);
    await flush();
    element.remove();
    expect(unmounts).toHaveBeenCalledTimes(1);
    document.body.append(element);
    await flush();
    expect(mounts).toHaveLength(2);
    expect(mounts[0]).toBe(mounts[1]);
  });

  it('does not mount an element removed before its chunk arrived', async () => {
    const name = uniqueName();
    const { widget, mounts } = fakeWidget();
    let release: (w: WidgetModule) => void = () => {};
    defineLazyElement(customElements, name, () => new Promise<WidgetModule>((r) => (release = r)), context);
    const element = document.createElement(name);
    document.body.append(element);
    element.remove();
    release(widget);
    await flush();
    expect(mounts).toHaveLength(0);
  });

  it('reports a chunk that fails to load on the console', async () => {
    const name = uniqueName();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    defineLazyElement(customElements, name, () => Promise.reject(new Error('404')), context);
    document.body.append(document.createElement(name));
    await flush();
    expect(error).toHaveBeenCalledWith(`[storefront] could not load <${name}>:`, expect.any(Error));
    error.mockRestore();
  });
});

describe('defineLazyElement: code that cannot be had', () => {
  const failing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: x.js'));

  /** An element whose code fails to load (opened on demand with `gate`), with its alert once it says so. */
  async function failed(text: string, gate?: () => Promise<void>, children = '') {
    const name = uniqueName();
    defineLazyElement(customElements, name, failing, context, gate, async () => text);
    const element = document.createElement(name);
    element.innerHTML = children;
    document.body.append(element);
    await vi.waitFor(() => expect(element.shadowRoot?.querySelector('[role="alert"]')).not.toBeNull());
    return (element.shadowRoot as ShadowRoot).querySelector('[role="alert"]') as HTMLElement;
  }

  it('says so in the element’s place, as an alert, before its own children, and names the error on the console', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const alert = await failed(
      'Der Shop konnte nicht geladen werden.',
      undefined,
      '<a href="/products">All products</a>',
    );
    expect(alert.textContent).toBe('Der Shop konnte nicht geladen werden.');
    expect(alert.getAttribute('part')).toBe('load-error');
    expect(alert.style.position).toBe('');
    // The page's own children still show after it (the slot).
    expect(alert.nextElementSibling?.localName).toBe('slot');
    expect(String(errors.mock.calls[0]?.[1])).toContain('x.js');
    errors.mockRestore();
  });

  it('says it at the foot of the window for an element opened on demand (the drawer, the modal)', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const alert = await failed('The shop could not be loaded.', async () => {});
    expect(alert.style.position).toBe('fixed');
    errors.mockRestore();
  });

  it('says nothing for an element that left the page before the failure', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const name = uniqueName();
    let fail = (_error: Error) => {};
    const load = () => new Promise<WidgetModule>((_resolve, reject) => (fail = reject));
    const said = vi.fn(async () => 'The shop could not be loaded.');
    defineLazyElement(customElements, name, load, context, undefined, said);
    const element = document.createElement(name);
    document.body.append(element);
    await flush();
    element.remove();
    fail(new TypeError('offline'));
    await flush();
    await flush();
    expect(element.shadowRoot?.querySelector('[role="alert"]')).toBeNull();
    errors.mockRestore();
  });
});
