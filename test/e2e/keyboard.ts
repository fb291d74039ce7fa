import type { Page } from 'playwright-core';

/** What a person hears for the focused element (looking inside open shadow roots): role-ish tag and name. */
export function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    let el: Element | null = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    if (!el) return '';
    const labelled = el.getAttribute('aria-labelledby');
    const root = el.getRootNode() as Document | ShadowRoot;
    const byId = labelled
      ?.split(/\s+/)
      .map((id) => root.getElementById?.(id)?.textContent ?? '')
      .join(' ');
    const label =
      el.id && 'querySelector' in root ? root.querySelector(`label[for="${el.id}"]`)?.textContent : undefined;
    const wrapping = el.closest('label')?.textContent;
    const name =
      el.getAttribute('aria-label') ??
      byId ??
      label ??
      wrapping ??
      (el instanceof HTMLInputElement ? el.value : el.textContent) ??
      '';
    const kind = el instanceof HTMLInputElement ? `input[${el.type}]` : el.tagName.toLowerCase();
    return `${kind} ${name.replace(/\s+/g, ' ').trim()}`;
  });
}

/**
 * Presses Tab (or Shift+Tab) until the focused element's description matches, as a keyboard user moves
 * through a page. Fails with the path it took when the element is not reached.
 */
export async function tabTo(page: Page, wanted: RegExp, options: { back?: boolean; max?: number } = {}) {
  const seen: string[] = [];
  for (let i = 0; i < (options.max ?? 80); i++) {
    await page.keyboard.press(options.back ? 'Shift+Tab' : 'Tab');
    const now = await focused(page);
    if (wanted.test(now)) return now;
    seen.push(now);
  }
  throw new Error(`Tab never reached ${wanted}; it went through:\n  ${seen.join('\n  ')}`);
}
