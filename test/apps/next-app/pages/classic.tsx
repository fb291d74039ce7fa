// The Pages Router: the catalogue read by getStaticProps, the same components rendered on the server and
// hydrated in the browser (no client directive is needed here: every page is client code).
import type { GetStaticProps } from 'next';
import { createApiClient, queryProducts, visitorAuth } from 'storefront-widgets/api';
import { CartDrawer, MemberBadge, ProductGrid, StorefrontProvider } from 'storefront-widgets/react';

type Props = {
  apiBase: string;
  products: NonNullable<Parameters<typeof ProductGrid>[0]['products']>;
  total: number | null;
};

export const getStaticProps: GetStaticProps<Props> = async () => {
  const apiBase = process.env.STOREFRONT_API_BASE ?? 'http://127.0.0.1:4100';
  const catalogue = createApiClient({ apiBase, auth: visitorAuth('demo-client') });
  const page = await queryProducts(catalogue, { includeVariants: true }).descending('name').limit(4).find();
  // (JSON props: a count the catalogue did not give is null, not undefined.)
  return { props: { apiBase, products: page.items, total: page.totalCount ?? null } };
};

export default function Classic({ apiBase, products, total }: Props) {
  return (
    <StorefrontProvider clientId="demo-client" apiBase={apiBase} lang="de" currency="EUR">
      <header>
        <strong>Pages Router shop</strong> <MemberBadge />
      </header>
      <ProductGrid pageSize={4} sort="name-desc" products={products} total={total ?? undefined} />
      <CartDrawer />
    </StorefrontProvider>
  );
}
