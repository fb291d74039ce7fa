import { configure, prettyDOM } from '@testing-library/dom';

/**
 * Testing Library for the DOM tests (happy-dom), whose widgets render in shadow roots (queried with
 * `withinShadow` from test/helpers/widget.ts):
 * - a failed query prints the markup it searched; Testing Library's own printer takes an element or a document
 *   only (a ShadowRoot has no `outerHTML`, and it would throw a TypeError instead of the query's message), so a
 *   shadow root prints its children.
 * - `findBy*` and `waitFor` give up after 1 s, as `vi.waitFor` does: they wait for the widgets, whose chunks a
 *   test file imports first (`importChunks` in `beforeAll`, with `CHUNK_TIMEOUT_MS`); a wait that covers a
 *   chunk's loading says so with its own `timeout`.
 * - the queries leave out what a person cannot perceive (`hidden: false`): `aria-hidden`, and what the computed
 *   style hides, as happy-dom computes it from the shadow root's CSS. happy-dom's `:empty` ignores text nodes,
 *   so an element with text that a `:empty { display: none }` rule hides when empty stays hidden for it (the
 *   product card's status: product.test.tsx asks for it with `hidden: true`).
 */
configure({
  asyncUtilTimeout: 1000,
  getElementError(message, container) {
    const markup =
      container instanceof ShadowRoot
        ? [...container.children].map((child) => prettyDOM(child)).join('\n')
        : prettyDOM(container);
    const error = new Error([message, markup].filter(Boolean).join('\n\n'));
    error.name = 'TestingLibraryElementError';
    return error;
  },
});
