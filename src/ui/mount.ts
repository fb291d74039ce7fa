import { type ComponentChild, render } from 'preact';
import { afterTexts } from './i18n';
import { adoptStyles } from './styles';

/**
 * Renders a Preact tree into a shadow root with the widget's styles adopted. Returns the unmount function.
 */
export function renderIntoShadow(root: ShadowRoot, tree: ComponentChild, css: string): () => void {
  adoptStyles(root, css);
  render(tree, root);
  return () => render(null, root);
}

/** Renders once the widget's texts are here (a language pack may be on its way). */
export const renderWithTexts = <T>(
  root: ShadowRoot,
  texts: Promise<T>,
  tree: (t: T) => ComponentChild,
  css: string,
): (() => void) => afterTexts(texts, (t) => renderIntoShadow(root, tree(t), css));
