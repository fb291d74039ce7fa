/**
 * The platform's own JavaScript SDK (@wix/sdk with its ecom, members, stores and redirects modules) run
 * against the sandbox: if the sandbox only understood our client's dialect, these flows would fail.
 *
 * The official SDK calls the global `fetch` with https://www.wixapis.com and https://edge.wixapis.com
 * hard-coded (its OAuthStrategy has no fetch option), so this file alone routes the global `fetch` to the
 * in-process sandbox.
 */

import { currentCart } from '@wix/ecom';
import { members } from '@wix/members';
import { redirects } from '@wix/redirects';
import { ApiKeyStrategy, createClient, OAuthStrategy } from '@wix/sdk';
import { collections, products } from '@wix/stores';
import { describe, expect, it } from 'vitest';
import { STORES_APP_ID } from '../../../src/api/index';
import { officialSdkSandbox } from '../../helpers/official-sdk';
import { SANDBOX_ORIGIN } from '../../helpers/sandbox';

const TEE = 'c8539b66-7a44-fe18-affc-afec4be8562a';

const sdk = officialSdkSandbox();

describe('the official SDK against the sandbox', () => {
  it('storefront: visitor tokens, cart, coupon, totals, checkout and the checkout redirect', async () => {
    const wix = createClient({
      modules: { currentCart, redirects, products, collections },
      auth: OAuthStrategy({ clientId: 'demo-client' }),
    });
    const tokens = await wix.auth.generateVisitorTokens();
    wix.auth.setTokens(tokens);
    expect(tokens.accessToken.value).toMatch(/^OauthNG\.JWS\./);

    const added = await wix.currentCart.addToCurrentCart({
      lineItems: [
        {
          catalogReference: {
            appId: STORES_APP_ID,
            catalogItemId: TEE,
            options: { options: { Size: 'Medium', Color: 'Black' } },
          },
          quantity: 2,
        },
      ],
    });
    expect(added.cart?.lineItems?.[0]?.quantity).toBe(2);
    expect(added.cart?.lineItems?.[0]?.productName?.original).toBe('Everyday Cotton Tee');

    const withCoupon = await wix.currentCart.updateCurrentCart({ couponCode: 'SAVE10' });
    expect(withCoupon.appliedDiscounts?.[0]?.coupon?.code).toBe('SAVE10');

    const totals = await wix.currentCart.estimateCurrentCartTotals({
      shippingAddress: { country: 'US', subdivision: 'US-NY', postalCode: '10001' },
      selectedShippingOption: { code: 'standard' },
    });
    expect(totals.priceSummary?.subtotal?.amount).toBe('50');
    expect(totals.priceSummary?.discount?.amount).toBe('5');
    expect(totals.priceSummary?.shipping?.amount).toBe('5');
    expect(totals.priceSummary?.total?.amount).toBe('50');

    const { checkoutId } = await wix.currentCart.createCheckoutFromCurrentCart({
      channelType: 'WEB' as never,
    });
    expect(checkoutId).toBeTruthy();
    const { redirectSession } = await wix.redirects.createRedirectSession({
      ecomCheckout: { checkoutId: checkoutId as string },
      callbacks: { postFlowUrl: 'http://localhost:4000/' },
    });
    expect(redirectSession?.fullUrl).toMatch(/^https:\/\/sandbox\.test\/_hosted\/checkout\?session=/);

    const page = await wix.products
      .queryProducts()
      .eq('collectionIds' as 'sku', '00000000-000000-000000-000000000001')
      .limit(5)
      .find();
    expect(page.items).toHaveLength(5);
    expect(page.items[0]?._id).toBeTruthy();
    expect(page.totalCount).toBeGreaterThanOrEqual(12);
    const next = await page.next();
    expect(next.items.length).toBeGreaterThan(0);
    expect(next.items[0]?._id).not.toBe(page.items[0]?._id);

    const summer = await wix.collections.getCollectionBySlug('summer');
    expect(summer.collection?.name).toBe('Summer');

    await wix.currentCart.deleteCurrentCart();
    await expect(wix.currentCart.getCurrentCart()).rejects.toMatchObject({
      details: { applicationError: { code: 'OWNED_CART_NOT_FOUND' } },
    });
    expect(new Set(sdk.seen.map((s) => s.split(' ')[1]?.split('/')[0]))).toEqual(
      new Set(['www.wixapis.com', 'edge.wixapis.com']),
    );
  });

  // Catalogue v1 (the SDK's own type comments and the platform's docs): a choice's `description` is the name
  // shoppers see, its `value` the internal value (a colour's code); variants, availability and line items
  // are keyed by option name with the description: `{"Color": "Blue", "Size": "Large"}`.
  it('storefront: options are named by their choices’ descriptions, as shoppers see them', async () => {
    const wix = createClient({
      modules: { products },
      auth: OAuthStrategy({ clientId: 'demo-client' }),
    });
    wix.auth.setTokens(await wix.auth.generateVisitorTokens());

    const { product } = await wix.products.getProduct(TEE);
    const colors = product?.productOptions?.find((o) => o.name === 'Color');
    expect(colors?.optionType).toBe('color');
    expect(colors?.choices?.find((c) => c.description === 'Black')?.value).toBe('#111111');
    expect(product?.productOptions?.find((o) => o.name === 'Size')?.choices?.[0]?.description).toBe('Small');

    const availability = await wix.products.getProductOptionsAvailability(TEE, {
      Size: 'Small',
      Color: 'Black',
    });
    expect(availability.availableForPurchase).toBe(true);
    expect(availability.selectedVariant?.sku).toBe('NW-TEE-S-BLACK');
    expect(availability.media?.mainMedia?.title).toBe('Everyday Cotton Tee, Black');

    const { variants } = await wix.products.queryProductVariants(TEE, { choices: { Color: 'Black' } });
    expect(variants?.map((v) => v.choices)).toEqual([
      { Size: 'Small', Color: 'Black' },
      { Size: 'Medium', Color: 'Black' },
      { Size: 'Large', Color: 'Black' },
      { Size: 'Extra large', Color: 'Black' },
    ]);
    // A colour code is the choice's value, not its name: no variant is keyed by it.
    await expect(
      wix.products.queryProductVariants(TEE, { choices: { Color: '#111111' } }),
    ).rejects.toMatchObject({ details: { validationError: expect.anything() } });
  });

  it('storefront: a line added by its choices’ descriptions has that variant and shows the colour’s name and code', async () => {
    const wix = createClient({
      modules: { currentCart },
      auth: OAuthStrategy({ clientId: 'demo-client' }),
    });
    wix.auth.setTokens(await wix.auth.generateVisitorTokens());
    const added = await wix.currentCart.addToCurrentCart({
      lineItems: [
        {
          catalogReference: {
            appId: STORES_APP_ID,
            catalogItemId: TEE,
            options: { options: { Size: 'Small', Color: 'Black' } },
          },
          quantity: 1,
        },
      ],
    });
    const line = added.cart?.lineItems?.[0];
    expect(line?.physicalProperties?.sku).toBe('NW-TEE-S-BLACK');
    expect(line?.descriptionLines).toEqual([
      {
        name: { original: 'Size', translated: 'Size' },
        plainText: { original: 'Small', translated: 'Small' },
      },
      {
        name: { original: 'Color', translated: 'Color' },
        colorInfo: { original: 'Black', translated: 'Black', code: '#111111' },
      },
    ]);
    // The colour's code is no name for it.
    const byCode = {
      appId: STORES_APP_ID,
      catalogItemId: TEE,
      options: { options: { Size: 'Small', Color: '#111111' } },
    };
    await expect(
      wix.currentCart.addToCurrentCart({ lineItems: [{ catalogReference: byCode, quantity: 1 }] }),
    ).rejects.toMatchObject({ details: { applicationError: { code: 'VARIANT_NOT_FOUND' } } });
  });

  it('merchant: members moderation and catalogue writes with the API key', async () => {
    const wix = createClient({
      modules: { members, products },
      auth: ApiKeyStrategy({
        apiKey: sdk.harness.sandbox.context.apiKey,
        siteId: sdk.harness.sandbox.context.state.store.siteId,
      }),
    });
    const pending = await wix.members.queryMembers().eq('status', 'PENDING').find();
    expect(pending.items.map((m) => m.loginEmail)).toEqual(['priya@example.com']);
    const approved = await wix.members.approveMember(pending.items[0]?._id as string);
    expect(approved.member?.status).toBe('APPROVED');

    const created = await wix.members.createMember({
      member: { loginEmail: 'newbie@example.com', profile: { nickname: 'Newbie' } },
    });
    expect(created.profile?.slug).toBe('newbie');
    expect(created.loginEmail).toBe('newbie@example.com');

    const { product } = await wix.products.createProduct({
      name: 'Linen Napkins (set of 4)',
      productType: 'physical' as never,
      priceData: { price: 20 },
      costAndProfitData: { itemCost: 8 },
      weight: 0.3,
    });
    expect(product?._id).toBeTruthy();
    const adjusted = await wix.products.bulkAdjustProductProperty({ price: { percentage: 10 as never } }, [
      product?._id as string,
      TEE,
    ]);
    expect(adjusted.bulkActionMetadata?.totalSuccesses).toBe(2);
    const read = await wix.products.getProduct(product?._id as string, { includeMerchantSpecificData: true });
    expect(read.product?.priceData?.price).toBe(22);
    expect(read.product?.priceData?.formatted?.price).toBe('$22.00');

    const visitorWix = createClient({
      modules: { products },
      auth: OAuthStrategy({ clientId: 'demo-client' }),
    });
    visitorWix.auth.setTokens(await visitorWix.auth.generateVisitorTokens());
    await expect(visitorWix.products.deleteProduct(product?._id as string)).rejects.toMatchObject({
      details: { applicationError: { code: 'PERMISSION_DENIED' } },
    });
  });

  it('identity: OAuthStrategy login, hosted sign-in, registration with verification, renewal and logout', async () => {
    const wix = createClient({ modules: { members }, auth: OAuthStrategy({ clientId: 'demo-client' }) });
    wix.auth.setTokens(await wix.auth.generateVisitorTokens());

    const wrong = await wix.auth.login({ email: 'jane@example.com', password: 'nope-nope' });
    expect(wrong).toMatchObject({ loginState: 'FAILURE', errorCode: 'invalidPassword' });
    const login = await wix.auth.login({ email: 'jane@example.com', password: 'storefront-demo' });
    expect(login.loginState).toBe('SUCCESS');

    // The hosted login page, by the official client's own PKCE data.
    const oauthData = wix.auth.generateOAuthData('http://localhost:4000/callback', 'http://localhost:4000/');
    const { authUrl } = await wix.auth.getAuthUrl(oauthData);
    const form = await (await sdk.harness.sandbox.fetch(authUrl)).text();
    const fields = new URLSearchParams();
    for (const m of form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
      fields.set(m[1] as string, (m[2] as string).replace(/&amp;/g, '&'));
    fields.set('email', 'jane@example.com');
    fields.set('password', 'storefront-demo');
    const back = await sdk.harness.sandbox.fetch(`${SANDBOX_ORIGIN}/oauth2/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: fields.toString(),
      redirect: 'manual',
    });
    const { code, state } = wix.auth.parseFromUrl(back.headers.get('location') as string);
    const memberTokens = await wix.auth.getMemberTokens(code as string, state as string, oauthData);
    wix.auth.setTokens(memberTokens);
    expect(wix.auth.loggedIn()).toBe(true);
    const me = await wix.members.getCurrentMember();
    expect(me.member?.loginEmail).toBe('jane@example.com');

    // Renewal: an expired access token is renewed with the refresh token on the next call.
    wix.auth.setTokens({
      ...memberTokens,
      accessToken: { value: memberTokens.accessToken.value, expiresAt: 0 },
    });
    const again = await wix.members.getCurrentMember();
    expect(again.member?.loginEmail).toBe('jane@example.com');
    expect(wix.auth.getTokens().refreshToken).toEqual(memberTokens.refreshToken);

    const { logoutUrl } = await wix.auth.logout('http://localhost:4000/');
    expect(logoutUrl).toMatch(/^https:\/\/sandbox\.test\/_hosted\/logout\?session=/);
    expect(wix.auth.loggedIn()).toBe(false);

    // Registration with email verification, the code read from the sandbox mailbox.
    sdk.harness.sandbox.context.settings.requireEmailVerification = true;
    const registered = await wix.auth.register({
      email: 'sdk@example.com',
      password: 'hunter22',
      profile: { nickname: 'SDK' },
    });
    expect(registered.loginState).toBe('EMAIL_VERIFICATION_REQUIRED');
    const code6 = sdk.harness.sandbox.context.mailbox.list('sdk@example.com')[0]?.codes[0] as string;
    const verified = await wix.auth.processVerification({ verificationCode: code6 });
    expect(verified.loginState).toBe('SUCCESS');
    expect((verified as { data: { sessionToken: string } }).data.sessionToken).toMatch(/^JWS\.session\./);

    const taken = await wix.auth.register({ email: 'jane@example.com', password: 'hunter22' });
    expect(taken).toMatchObject({ loginState: 'FAILURE', errorCode: 'emailAlreadyExists' });
  });
});
