/** `h('button', {class: 'x'}, 'text')`: an element with attributes and text children (never HTML). */
export function h(
  tag: string,
  attrs: Record<string, string> = {},
  ...children: Array<Node | string>
): HTMLElement {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, value);
  el.append(...children);
  return el;
}

/** A `type="button"` button that calls `onClick` when pressed. */
export function button(
  attrs: Record<string, string>,
  onClick: () => void,
  ...children: Array<Node | string>
): HTMLButtonElement {
  const el = h('button', { type: 'button', ...attrs }, ...children) as HTMLButtonElement;
  el.addEventListener('click', onClick);
  return el;
}
