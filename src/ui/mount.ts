import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterTexts } from './i18n';
import { adoptStyles } from './styles';

/**
 * Renders a React tree (preact/compat in the script-tag build) into a shadow root with the widget's styles
 * adopted. Returns the unmount function.
 */
export function renderIntoShadow(root: ShadowRoot, tree: ReactNode, css: string): () => void {
  adoptStyles(root, css);
  const rendered = createRoot(root);
  rendered.render(tree);
  return () => rendered.unmount();
}

/** Renders once the widget's texts are here (a language pack may be on its way). */
export const renderWithTexts = <T>(
  root: ShadowRoot,
  texts: Promise<T>,
  tree: (t: T) => ReactNode,
  css: string,
): (() => void) => afterTexts(texts, (t) => renderIntoShadow(root, tree(t), css));
