import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');
const tsc = resolve(root, 'node_modules/.bin/tsc');
let scratch = '';

/**
 * The package as a user gets it: `npm pack` of the built tree, installed into a new project beside React
 * (from npm's cache where it has them), then type-checked and imported there.
 */
beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'sf-package-'));
  await run('npm', ['pack', '--silent', '--pack-destination', scratch], { cwd: root });
  const tarball = readdirSync(scratch).find((f) => f.endsWith('.tgz'));
  if (!tarball) throw new Error('npm pack made no tarball');
  writeFileSync(
    join(scratch, 'package.json'),
    JSON.stringify({ name: 'scratch', private: true, type: 'module' }),
  );
  await run(
    'npm',
    [
      'install',
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      `./${tarball}`,
      'react@19',
      'react-dom@19',
      '@types/react@19',
      '@types/react-dom@19',
    ],
    { cwd: scratch, maxBuffer: 10 * 1024 * 1024 },
  );
  writeFileSync(
    join(scratch, 'app.tsx'),
    `import { createApiClient, getCurrentCart, type Cart } from 'storefront-widgets';
import { queryProducts } from 'storefront-widgets/api';
import { AddToCartButton, CartDrawer, LoginModal, MemberBadge, StorefrontProvider, useCart, useMember, useProducts, type StorefrontApi } from 'storefront-widgets/react';
import type { CartLine, CartState, CheckoutEvent, Money, Problem, ProblemCode, ProductsState, Totals } from 'storefront-widgets/react';

export const client = createApiClient({ apiBase: 'http://127.0.0.1:4100' });
export const reads: [typeof getCurrentCart, typeof queryProducts] = [getCurrentCart, queryProducts];
export let cart: Cart | null = null;
export let api: StorefrontApi | undefined;

function Header() {
  const { count, openCart } = useCart();
  const { signedIn, member } = useMember();
  return <button type="button" onClick={openCart}>{signedIn ? member?.profile?.nickname : 'Cart'} ({count})</button>;
}

function Summary() {
  const cart: CartState = useCart();
  const totals: Totals | null = cart.totals;
  const total: Money | null | undefined = totals?.total;
  const lines: CartLine[] = cart.lines;
  const problem: Problem | null = cart.error;
  const code: ProblemCode | undefined = problem?.code;
  const grid: ProductsState = useProducts({ collection: 'summer', sort: 'price-asc', pageSize: 8 });
  return <p>{total?.formatted} {lines.length} {code} {grid.products.length}</p>;
}

export const App = () => (
  <StorefrontProvider
    clientId="demo-client"
    lang="de"
    currency="EUR"
    theme="dark"
    onCheckout={(event: CheckoutEvent) => event.preventDefault()}
    onError={(problem) => console.log(problem.code, problem.message)}
  >
    <Header />
    <Summary />
    <MemberBadge className="badge" />
    <AddToCartButton productId="p1" quantity={2} options={{ Size: 'Medium' }} className="buy">Buy</AddToCartButton>
    <CartDrawer open={false} onOpenChange={() => {}} className="drawer" style={{ zIndex: 2 }} />
    <LoginModal view="register" />
  </StorefrontProvider>
);
`,
  );
  const base = {
    strict: true,
    jsx: 'react-jsx',
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
    skipLibCheck: false,
    noEmit: true,
    types: [],
  };
  writeFileSync(
    join(scratch, 'tsconfig.nodenext.json'),
    JSON.stringify({
      compilerOptions: { ...base, module: 'nodenext', moduleResolution: 'nodenext' },
      files: ['app.tsx'],
    }),
  );
  writeFileSync(
    join(scratch, 'tsconfig.bundler.json'),
    JSON.stringify({
      compilerOptions: { ...base, module: 'esnext', moduleResolution: 'bundler' },
      files: ['app.tsx'],
    }),
  );
}, 240_000);

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('the packed package in a new project', () => {
  it.each(['nodenext', 'bundler'])(
    'type-checks under moduleResolution %s (declarations included)',
    async (mode) => {
      const result = await run(tsc, ['-p', `tsconfig.${mode}.json`], { cwd: scratch }).catch(
        (error: { stdout: string }) => ({ stdout: error.stdout, failed: true }),
      );
      expect(result.stdout).toBe('');
    },
  );

  it('has Chromium compile the chunks that run as they arrive as they load (V8’s compile hint), in both builds', () => {
    const dist = join(scratch, 'node_modules/storefront-widgets/dist/cdn');
    for (const chunks of [join(dist, 'chunks'), join(dist, 'v2/chunks')]) {
      const names = readdirSync(chunks);
      // (Not floating-ui's placement, `menu-place-*.js`, which only a browser without CSS anchor positioning loads.)
      for (const chunk of [
        /^menu-(?!place-)[\w-]+\.js$/,
        /^widgets-[\w-]+\.js$/,
        /^runtime-[\w-]+\.js$/,
        /^products-[\w-]+\.js$/,
        /^catalogue-[\w-]+\.js$/,
      ]) {
        const found = names.filter((name) => chunk.test(name));
        expect(found).toHaveLength(1);
        const code = readFileSync(join(chunks, found[0] as string), 'utf8');
        expect(code.startsWith('//# allFunctionsCalledOnLoad\n'), found[0]).toBe(true);
      }
      // Not a chunk that runs later, or in part: the sign-in flows, the member's calls.
      for (const name of names.filter((n) => /^(sign-in-flows|member-actions)-[\w-]+\.js$/.test(n)))
        expect(readFileSync(join(chunks, name), 'utf8').startsWith('//#'), name).toBe(false);
    }
  });

  it('marks the React entry as client code for server-rendering frameworks', () => {
    const entry = readFileSync(join(scratch, 'node_modules/storefront-widgets/dist/react/index.js'), 'utf8');
    expect(entry.startsWith("'use client';")).toBe(true);
  });

  it('imports in Node without a DOM, and renders on the server without touching window', async () => {
    const { stdout } = await run(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
const api = await import('storefront-widgets');
const react = await import('storefront-widgets/react');
function Hooks() {
  const cart = react.useCart(), grid = react.useProducts({ collection: 'summer' }), one = react.useProduct({ slug: 's' });
  return h('p', null, [String(cart.totals), cart.shipping.status, grid.status, one.status, react.useMember().role].join(' '));
}
const html = renderToString(h(react.StorefrontProvider, { clientId: 'demo-client', onError: () => {} },
  h(react.MemberBadge), h(react.CartDrawer), h(react.LoginModal), h(react.AddToCartButton, { productId: 'p1' }, 'Buy'),
  h(react.CartDrawer, { open: true, className: 'd' }), h(Hooks)));
console.log(JSON.stringify({ window: typeof window, api: typeof api.createApiClient, html }));`,
      ],
      { cwd: scratch },
    );
    const out = JSON.parse(stdout) as { window: string; api: string; html: string };
    expect(out.window).toBe('undefined');
    expect(out.api).toBe('function');
    expect(out.html).toBe(
      '<sf-member-badge></sf-member-badge><sf-cart-drawer data-texts="ltr"></sf-cart-drawer><sf-login-modal data-texts="ltr"></sf-login-modal><button type="button">Buy</button>' +
        '<sf-cart-drawer data-texts="ltr" class="d"></sf-cart-drawer><p>null idle loading loading none</p>',
    );
  });
});
