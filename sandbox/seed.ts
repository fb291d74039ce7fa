import type { Collection } from '../src/api/types/collections';
import type { MediaItem } from '../src/api/types/common';
import type { MemberStatus } from '../src/api/types/enums';
import type { Member } from '../src/api/types/members';
import type { Product, ProductOption, Variant } from '../src/api/types/products';
import { DEFAULT_VARIANT_ID, finalizeProduct } from './catalog';
import { stableId } from './ids';
import type { Artwork } from './media';
import { hashPassword, seedSalt } from './passwords';
import type { CouponDef, IdentityRecord, SandboxState, ShippingOptionDef } from './state';

/** The demo member of README.md. */
export const DEMO_MEMBER = {
  email: 'jane@example.com',
  password: 'storefront-demo',
  nickname: 'Jane',
} as const;
/** The password of every other seeded member. */
export const SEED_MEMBER_PASSWORD = 'sandbox-member';
/** The platform's id of the "All Products" collection, which holds every product. */
export const ALL_PRODUCTS_COLLECTION_ID = '00000000-000000-000000-000000000001';

const SEED_DATE = '2026-01-15T10:00:00.000Z';

/**
 * `[description, sku, value?]`, as catalogue v1 has a choice: the description is the name shoppers see, by
 * which variants, availability and line items name the choice (`{"Color": "Black"}`); the value is internal:
 * a colour's code, and for a drop-down the description again (as the merchant's dashboard makes it).
 * `sku` is the choice's part of its variants' SKUs.
 */
type ChoiceDef = [description: string, sku: string, value?: string];

interface OptionDef {
  name: string;
  type: 'drop_down' | 'color';
  choices: ChoiceDef[];
}

interface ProductDef {
  slug: string;
  id?: string;
  name: string;
  type: 'physical' | 'digital';
  description: string;
  sku: string;
  price: number;
  cost?: number;
  weight?: number;
  discount?: { type: 'PERCENT' | 'AMOUNT'; value: number };
  ribbon?: string;
  brand?: string;
  art: Omit<Artwork, 'label'> & { label?: string };
  options?: OptionDef[];
  /** Choice description → art for that choice (colour swatches show their own picture). */
  choiceArt?: Record<string, Pick<Artwork, 'background' | 'ink'>>;
  /** Stock is tracked with this quantity per variant, or per variant from a function of its choices (by description). */
  quantity?: number | ((choices: Record<string, string>) => number);
  /** Choice description → surcharge added to the base price. */
  surcharge?: Record<string, number>;
  collections: string[];
  pricePerUnit?: Product['pricePerUnitData'];
  info?: Array<[string, string]>;
  createdDaysAfterSeed: number;
}

const PRODUCTS: ProductDef[] = [
  {
    slug: 'everyday-cotton-tee',
    id: 'c8539b66-7a44-fe18-affc-afec4be8562a',
    name: 'Everyday Cotton Tee',
    type: 'physical',
    description: '<p>A heavyweight organic cotton tee with a relaxed fit. Garment-dyed, pre-shrunk.</p>',
    sku: 'NW-TEE',
    price: 25,
    cost: 9,
    weight: 0.2,
    ribbon: 'Bestseller',
    brand: 'Northwind',
    art: { motif: 'tee', background: '#F3EEE6', ink: '#2F3B52', label: 'Cotton Tee' },
    options: [
      {
        name: 'Size',
        type: 'drop_down',
        choices: [
          ['Small', 'S'],
          ['Medium', 'M'],
          ['Large', 'L'],
          ['Extra large', 'XL'],
        ],
      },
      {
        name: 'Color',
        type: 'color',
        choices: [
          ['White', 'WHITE', '#FFFFFF'],
          ['Black', 'BLACK', '#111111'],
          ['Navy', 'NAVY', '#1F2A44'],
        ],
      },
    ],
    choiceArt: {
      White: { background: '#E9EEF3', ink: '#FFFFFF' },
      Black: { background: '#E4E4E4', ink: '#111111' },
      Navy: { background: '#E6EAF2', ink: '#1F2A44' },
    },
    quantity: 25,
    surcharge: { 'Extra large': 2 },
    collections: ['summer', 'apparel'],
    info: [['Care', 'Machine wash cold, tumble dry low.']],
    createdDaysAfterSeed: 0,
  },
  {
    slug: 'linen-shirt',
    name: 'Linen Camp Shirt',
    type: 'physical',
    description: '<p>Breathable European linen with a camp collar and coconut buttons.</p>',
    sku: 'NW-LINEN',
    price: 60,
    cost: 22,
    weight: 0.3,
    discount: { type: 'PERCENT', value: 20 },
    ribbon: 'Sale',
    brand: 'Northwind',
    art: { motif: 'shirt', background: '#EAF1EA', ink: '#6B8F71', label: 'Linen Shirt' },
    options: [
      {
        name: 'Size',
        type: 'drop_down',
        choices: [
          ['Small', 'S'],
          ['Medium', 'M'],
          ['Large', 'L'],
        ],
      },
    ],
    collections: ['summer', 'apparel'],
    createdDaysAfterSeed: 1,
  },
  {
    slug: 'canvas-tote',
    name: 'Waxed Canvas Tote',
    type: 'physical',
    description: '<p>A sturdy waxed-canvas tote with leather handles. Back in spring.</p>',
    sku: 'HC-TOTE',
    price: 30,
    cost: 11,
    weight: 0.6,
    brand: 'Harbour & Co.',
    art: { motif: 'bag', background: '#F4ECE1', ink: '#8A6A45', label: 'Canvas Tote' },
    quantity: 0,
    collections: ['accessories'],
    createdDaysAfterSeed: 2,
  },
  {
    slug: 'wool-beanie',
    name: 'Merino Wool Beanie',
    type: 'physical',
    description: '<p>Soft, itch-free merino rib knit. One size.</p>',
    sku: 'NW-BEANIE',
    price: 22,
    cost: 7,
    weight: 0.1,
    brand: 'Northwind',
    art: { motif: 'hat', background: '#EFEFEF', ink: '#44474D', label: 'Wool Beanie' },
    options: [
      {
        name: 'Color',
        type: 'color',
        choices: [
          ['Charcoal', 'CHARCOAL', '#3A3D42'],
          ['Mustard', 'MUSTARD', '#D9A62E'],
          ['Forest', 'FOREST', '#2E5E3E'],
        ],
      },
    ],
    choiceArt: {
      Charcoal: { background: '#EFEFEF', ink: '#3A3D42' },
      Mustard: { background: '#FBF3DF', ink: '#D9A62E' },
      Forest: { background: '#E8F0EA', ink: '#2E5E3E' },
    },
    quantity: (c) => ({ Charcoal: 12, Mustard: 0, Forest: 3 })[c.Color ?? ''] ?? 0,
    collections: ['accessories'],
    createdDaysAfterSeed: 3,
  },
  {
    slug: 'stoneware-mug',
    name: 'Stoneware Mug',
    type: 'physical',
    description: '<p>Hand-thrown stoneware, 350 ml, dishwasher safe. Only a few left from this firing.</p>',
    sku: 'KC-MUG',
    price: 18,
    cost: 6,
    weight: 0.4,
    brand: 'Kiln & Co.',
    art: { motif: 'mug', background: '#F2E8E1', ink: '#B5653E', label: 'Stoneware Mug' },
    quantity: 5,
    collections: ['home-goods'],
    createdDaysAfterSeed: 4,
  },
  {
    slug: 'field-notes-ebook',
    name: 'Field Notes: A Maker’s Guide (e-book)',
    type: 'digital',
    description: '<p>120 pages on designing, sourcing and selling small-batch goods. PDF and EPUB.</p>',
    sku: 'DL-EBOOK',
    price: 9.99,
    art: { motif: 'book', background: '#E7EEF7', ink: '#3C5A85', label: 'Field Notes' },
    collections: ['digital-downloads'],
    createdDaysAfterSeed: 5,
  },
  {
    slug: 'leather-wallet',
    name: 'Bifold Leather Wallet',
    type: 'physical',
    description: '<p>Vegetable-tanned leather that darkens with use. Six card slots.</p>',
    sku: 'HC-WALLET',
    price: 55,
    cost: 18,
    weight: 0.15,
    discount: { type: 'AMOUNT', value: 10 },
    brand: 'Harbour & Co.',
    art: { motif: 'wallet', background: '#F3EBE3', ink: '#6E4B32', label: 'Leather Wallet' },
    collections: ['accessories'],
    createdDaysAfterSeed: 6,
  },
  {
    slug: 'running-socks',
    name: 'Running Socks (3-pack)',
    type: 'physical',
    description: '<p>Cushioned, breathable and blister-resistant.</p>',
    sku: 'NW-SOCKS',
    price: 14,
    cost: 4,
    weight: 0.12,
    brand: 'Northwind',
    art: { motif: 'socks', background: '#EEF3F7', ink: '#4C7EA8', label: 'Running Socks' },
    options: [
      {
        name: 'Size',
        type: 'drop_down',
        choices: [
          ['EU 36–39', 'S'],
          ['EU 40–43', 'M'],
          ['EU 44–47', 'L'],
        ],
      },
    ],
    surcharge: { 'EU 44–47': 2 },
    collections: ['apparel'],
    createdDaysAfterSeed: 7,
  },
  {
    slug: 'soy-candle',
    name: 'Soy Wax Candle',
    type: 'physical',
    description: '<p>Hand-poured soy wax with a cotton wick; about 45 hours of burn time.</p>',
    sku: 'KC-CANDLE',
    price: 24,
    cost: 8,
    weight: 0.35,
    brand: 'Kiln & Co.',
    art: { motif: 'candle', background: '#F7F1E8', ink: '#C49A6C', label: 'Soy Candle' },
    options: [
      {
        name: 'Scent',
        type: 'drop_down',
        choices: [
          ['Cedar & smoke', 'CEDAR'],
          ['Fig leaf', 'FIG'],
          ['Sea salt & sage', 'SEA SALT'],
        ],
      },
    ],
    pricePerUnit: {
      totalQuantity: 200,
      totalMeasurementUnit: 'G',
      baseQuantity: 100,
      baseMeasurementUnit: 'G',
    },
    collections: ['home-goods'],
    createdDaysAfterSeed: 8,
  },
  {
    slug: 'steel-bottle',
    name: 'Insulated Steel Bottle',
    type: 'physical',
    description: '<p>Keeps drinks cold for 24 hours, hot for 12. 750 ml.</p>',
    sku: 'NW-BOTTLE',
    price: 32,
    cost: 12,
    weight: 0.45,
    ribbon: 'New',
    brand: 'Northwind',
    art: { motif: 'bottle', background: '#EAF0EC', ink: '#7C9A85', label: 'Steel Bottle' },
    options: [
      {
        name: 'Color',
        type: 'color',
        choices: [
          ['Sage', 'SAGE', '#7C9A85'],
          ['Sand', 'SAND', '#CDB79E'],
          ['Slate', 'SLATE', '#4A5561'],
        ],
      },
    ],
    choiceArt: {
      Sage: { background: '#EAF0EC', ink: '#7C9A85' },
      Sand: { background: '#F6F0E8', ink: '#CDB79E' },
      Slate: { background: '#ECEEF0', ink: '#4A5561' },
    },
    collections: ['summer', 'accessories'],
    createdDaysAfterSeed: 9,
  },
  {
    slug: 'enamel-pin-set',
    name: 'Enamel Pin Set',
    type: 'physical',
    description: '<p>Three hard-enamel pins: a compass, a wave and a pine.</p>',
    sku: 'HC-PINS',
    price: 12,
    cost: 3,
    weight: 0.05,
    brand: 'Harbour & Co.',
    art: { motif: 'pin', background: '#FBF0F0', ink: '#C4574F', label: 'Enamel Pins' },
    collections: ['accessories'],
    createdDaysAfterSeed: 10,
  },
  {
    slug: 'pothos-plant',
    name: 'Pothos in a Ceramic Pot',
    type: 'physical',
    description: '<p>An easy-going trailing plant in a 12 cm matte pot.</p>',
    sku: 'KC-PLANT',
    price: 28,
    cost: 10,
    weight: 1.5,
    brand: 'Kiln & Co.',
    art: { motif: 'plant', background: '#EDF5EC', ink: '#3F7D4E', label: 'Pothos' },
    collections: ['home-goods'],
    createdDaysAfterSeed: 11,
  },
  {
    slug: 'golden-hour-presets',
    name: 'Golden Hour Photo Presets',
    type: 'digital',
    description: '<p>Twelve warm presets for Lightroom desktop and mobile.</p>',
    sku: 'DL-PRESETS',
    price: 19,
    art: { motif: 'banner', background: '#FCEBD5', ink: '#E39B45', label: 'Golden Hour' },
    collections: ['digital-downloads'],
    createdDaysAfterSeed: 12,
  },
  {
    slug: 'polarized-sunglasses',
    name: 'Polarized Sunglasses',
    type: 'physical',
    description: '<p>Acetate frames with polarized, UV400 lenses and a hard case.</p>',
    sku: 'NW-SUN',
    price: 85,
    cost: 30,
    weight: 0.08,
    ribbon: 'Limited',
    brand: 'Northwind',
    art: { motif: 'glasses', background: '#F1ECE6', ink: '#5B3A29', label: 'Sunglasses' },
    options: [
      {
        name: 'Frame',
        type: 'color',
        choices: [
          ['Tortoise', 'TORTOISE', '#8B5A2B'],
          ['Black', 'BLACK', '#111111'],
        ],
      },
    ],
    quantity: (c) => (c.Frame === 'Black' ? 8 : 4),
    collections: ['summer'],
    createdDaysAfterSeed: 13,
  },
];

const COLLECTIONS: Array<{ slug: string; name: string; description: string; art: Omit<Artwork, 'label'> }> = [
  {
    slug: 'summer',
    name: 'Summer',
    description: 'Light layers and sunny-day essentials.',
    art: { motif: 'banner', background: '#FFF4D6', ink: '#F2B134' },
  },
  {
    slug: 'apparel',
    name: 'Apparel',
    description: 'Tees, shirts and socks.',
    art: { motif: 'tee', background: '#E9EEF3', ink: '#2F3B52' },
  },
  {
    slug: 'accessories',
    name: 'Accessories',
    description: 'Bags, hats, bottles and small things.',
    art: { motif: 'bag', background: '#F4ECE1', ink: '#8A6A45' },
  },
  {
    slug: 'home-goods',
    name: 'Home Goods',
    description: 'For the kitchen and the desk.',
    art: { motif: 'mug', background: '#F2E8E1', ink: '#B5653E' },
  },
  {
    slug: 'digital-downloads',
    name: 'Digital Downloads',
    description: 'Instant downloads, no shipping.',
    art: { motif: 'book', background: '#E7EEF7', ink: '#3C5A85' },
  },
];

interface MemberDef {
  email: string;
  nickname: string;
  firstName: string;
  lastName: string;
  status: MemberStatus;
  privacy: Member['privacyStatus'];
  activity: Member['activityStatus'];
  photo?: Pick<Artwork, 'background' | 'ink'>;
  emailVerified: boolean;
  phones?: string[];
  address?: { addressLine: string; city: string; subdivision: string; country: string; postalCode: string };
  title?: string;
  lastLoginDaysAfterSeed?: number;
}

const MEMBERS: MemberDef[] = [
  {
    email: DEMO_MEMBER.email,
    nickname: DEMO_MEMBER.nickname,
    firstName: 'Jane',
    lastName: 'Doe',
    status: 'APPROVED',
    privacy: 'PUBLIC',
    activity: 'ACTIVE',
    photo: { background: '#FFFFFF', ink: '#7A4FD6' },
    emailVerified: true,
    phones: ['+1 555 0100'],
    address: {
      addressLine: '1 Main St',
      city: 'Springfield',
      subdivision: 'US-IL',
      country: 'US',
      postalCode: '62701',
    },
    title: 'Maker and collector',
    lastLoginDaysAfterSeed: 30,
  },
  {
    email: 'marcus@example.com',
    nickname: 'Marcus',
    firstName: 'Marcus',
    lastName: 'Lee',
    status: 'APPROVED',
    privacy: 'PRIVATE',
    activity: 'MUTED',
    emailVerified: true,
    lastLoginDaysAfterSeed: 20,
  },
  {
    email: 'priya@example.com',
    nickname: 'Priya',
    firstName: 'Priya',
    lastName: 'Shah',
    status: 'PENDING',
    privacy: 'PRIVATE',
    activity: 'ACTIVE',
    emailVerified: true,
  },
  {
    email: 'tom@example.com',
    nickname: 'Tom',
    firstName: 'Tom',
    lastName: 'Baker',
    status: 'BLOCKED',
    privacy: 'PRIVATE',
    activity: 'ACTIVE',
    emailVerified: true,
    lastLoginDaysAfterSeed: 5,
  },
  {
    email: 'olga@example.com',
    nickname: 'Olga',
    firstName: 'Olga',
    lastName: 'Ivanova',
    status: 'OFFLINE',
    privacy: 'PUBLIC',
    activity: 'ACTIVE',
    photo: { background: '#FFFFFF', ink: '#2F8F83' },
    emailVerified: true,
    lastLoginDaysAfterSeed: 2,
  },
  {
    email: 'sam@example.com',
    nickname: 'Sam',
    firstName: 'Sam',
    lastName: 'Rivera',
    status: 'UNKNOWN',
    privacy: 'UNKNOWN',
    activity: 'UNKNOWN',
    emailVerified: false,
  },
  {
    email: 'liu@example.com',
    nickname: 'Liu Yang',
    firstName: 'Liu',
    lastName: 'Yang',
    status: 'APPROVED',
    privacy: 'PUBLIC',
    activity: 'ACTIVE',
    emailVerified: true,
    address: {
      addressLine: '88 Harbour St',
      city: 'Portland',
      subdivision: 'US-OR',
      country: 'US',
      postalCode: '97201',
    },
    lastLoginDaysAfterSeed: 25,
  },
];

const COUPONS: CouponDef[] = [
  {
    id: stableId('coupon:SAVE10'),
    code: 'SAVE10',
    name: '10% off your order',
    kind: 'percentage',
    value: 10,
  },
  { id: stableId('coupon:TENOFF'), code: 'TENOFF', name: '10 off your order', kind: 'amount', value: 1000 },
  {
    id: stableId('coupon:FREESHIP'),
    code: 'FREESHIP',
    name: 'Free shipping',
    kind: 'freeShipping',
    value: 0,
  },
  {
    id: stableId('coupon:WELCOME2025'),
    code: 'WELCOME2025',
    name: 'Welcome offer 2025',
    kind: 'percentage',
    value: 15,
    expirationDate: '2025-12-31T23:59:59.000Z',
  },
  {
    id: stableId('coupon:BIGSPENDER'),
    code: 'BIGSPENDER',
    name: '20 off orders over 150',
    kind: 'amount',
    value: 2000,
    minimumSubtotalCents: 15_000,
  },
];

const SHIPPING: ShippingOptionDef[] = [
  {
    code: 'standard',
    title: 'Standard delivery',
    carrierId: stableId('carrier:sandbox-post'),
    costCents: 500,
    freeOverCents: 7500,
    deliveryTime: '3–5 business days',
    countries: ['US'],
  },
  {
    code: 'express',
    title: 'Express delivery',
    carrierId: stableId('carrier:sandbox-post'),
    costCents: 1500,
    deliveryTime: '1–2 business days',
    countries: ['US'],
    timeSlotHours: [
      [9, 12],
      [12, 15],
      [15, 18],
    ],
  },
  {
    code: 'store-pickup',
    title: 'Store pickup',
    carrierId: stableId('carrier:pickup'),
    costCents: 0,
    deliveryTime: 'Ready in 2 hours',
    countries: ['US'],
    pickup: {
      method: 'STORE_PICKUP',
      address: {
        addressLine: '18 Harbour Street',
        city: 'Portland',
        subdivision: 'US-OR',
        country: 'US',
        postalCode: '97201',
      },
      instructions: 'Bring your order number to the front desk, 10:00–18:00.',
    },
  },
  {
    code: 'international',
    title: 'International shipping',
    carrierId: stableId('carrier:sandbox-post'),
    costCents: 2000,
    deliveryTime: '7–14 business days',
    countries: ['*'],
  },
];

const daysAfterSeed = (days: number) => new Date(Date.parse(SEED_DATE) + days * 86_400_000).toISOString();

/** Every combination of choices, by option name and choice description, first option slowest. */
function cartesian(options: OptionDef[]): Array<Record<string, string>> {
  let rows: Array<Record<string, string>> = [{}];
  for (const option of options) {
    rows = rows.flatMap((row) =>
      option.choices.map(([description]) => ({ ...row, [option.name]: description })),
    );
  }
  return rows;
}

/** A variant's SKU: the product's, then each choice's part. */
function variantSku(def: ProductDef, choices: Record<string, string>): string {
  const parts = (def.options ?? []).map((option) => {
    const chosen = option.choices.find(([description]) => description === choices[option.name]);
    return chosen?.[1] ?? '';
  });
  return [def.sku, ...parts].join('-');
}

function mediaItem(publicUrl: string, name: string, title: string): MediaItem {
  return {
    id: stableId(`media:${name}`),
    title,
    mediaType: 'image',
    image: {
      url: `${publicUrl}/_sandbox/media/${name}.svg`,
      width: 400,
      height: 400,
      format: 'svg',
      altText: title,
    },
    thumbnail: { url: `${publicUrl}/_sandbox/media/${name}.svg`, width: 400, height: 400 },
  };
}

/** The product's options; a choice with artwork of its own (drawn as `<slug>-<choice>`) shows it as its media. */
function buildOptions(
  def: ProductDef,
  label: string,
  publicUrl: string,
  artwork: Map<string, Artwork>,
): ProductOption[] {
  return (def.options ?? []).map((option) => ({
    optionType: option.type,
    name: option.name,
    choices: option.choices.map(([description, , value = description]) => {
      const art = def.choiceArt?.[description];
      const choice: NonNullable<ProductOption['choices']>[number] = {
        value,
        description,
        visible: true,
        inStock: true,
      };
      if (art) {
        const name = `${def.slug}-${description.toLowerCase().replace(/\s+/g, '-')}`;
        artwork.set(name, { ...def.art, ...art, label: `${label} · ${description}` });
        const item = mediaItem(publicUrl, name, `${def.name}, ${description}`);
        choice.media = { mainMedia: item, items: [item] };
      }
      return choice;
    }),
  }));
}

/** One variant per combination of choices (the default variant without options), priced with surcharges. */
function buildVariants(def: ProductDef, productId: string): Variant[] {
  const tracked = def.quantity !== undefined;
  const combos = def.options?.length ? cartesian(def.options) : [{}];
  return combos.map((choices, index) => {
    const surcharge = Object.values(choices).reduce(
      (sum, description) => sum + (def.surcharge?.[description] ?? 0),
      0,
    );
    const quantity = typeof def.quantity === 'function' ? def.quantity(choices) : def.quantity;
    return {
      id: def.options?.length
        ? `00000000-0000-${String(index + 1).padStart(4, '0')}-0005-${productId.slice(-12)}`
        : DEFAULT_VARIANT_ID,
      choices,
      variant: {
        priceData: { currency: 'USD', price: Math.round((def.price + surcharge) * 100) / 100 },
        ...(def.cost !== undefined ? { costAndProfitData: { itemCost: def.cost } } : {}),
        weight: def.weight,
        sku: variantSku(def, choices),
        visible: true,
      },
      stock: tracked
        ? { trackQuantity: true, quantity: quantity ?? 0 }
        : { trackQuantity: false, inStock: true },
    };
  });
}

function buildProduct(
  def: ProductDef,
  publicUrl: string,
  collectionIds: Map<string, string>,
  artwork: Map<string, Artwork>,
): Product {
  const id = def.id ?? stableId(`product:${def.slug}`);
  const label = def.art.label ?? def.name;
  artwork.set(def.slug, { ...def.art, label });
  const options = buildOptions(def, label, publicUrl, artwork);
  const tracked = def.quantity !== undefined;
  const variants = buildVariants(def, id);
  const main = mediaItem(publicUrl, def.slug, def.name);
  const product: Product = {
    id,
    name: def.name,
    slug: def.slug,
    visible: true,
    productType: def.type,
    description: def.description,
    sku: def.sku,
    ...(def.type === 'physical' ? { weight: def.weight } : {}),
    stock: { trackInventory: tracked },
    priceData: { currency: 'USD', price: def.price },
    ...(def.cost !== undefined ? { costAndProfitData: { itemCost: def.cost } } : {}),
    ...(def.pricePerUnit ? { pricePerUnitData: { ...def.pricePerUnit } } : {}),
    additionalInfoSections: (def.info ?? []).map(([title, description]) => ({ title, description })),
    media: { items: [main] },
    customTextFields: [],
    manageVariants: Boolean(def.options?.length),
    productOptions: options,
    productPageUrl: { base: publicUrl, path: `/product-page/${def.slug}` },
    numericId: String(1_000_000 + def.createdDaysAfterSeed),
    inventoryItemId: stableId(`inventory:${def.slug}`),
    discount: def.discount ?? { type: 'NONE', value: 0 },
    collectionIds: [
      ALL_PRODUCTS_COLLECTION_ID,
      ...def.collections.map((slug) => {
        const collectionId = collectionIds.get(slug);
        if (!collectionId) throw new Error(`Seed: unknown collection ${slug}`);
        return collectionId;
      }),
    ],
    variants,
    createdDate: daysAfterSeed(def.createdDaysAfterSeed),
    lastUpdated: daysAfterSeed(def.createdDaysAfterSeed),
    ...(def.ribbon ? { ribbon: def.ribbon } : {}),
    ...(def.brand ? { brand: def.brand } : {}),
  };
  return finalizeProduct(product);
}

function buildMember(
  def: MemberDef,
  index: number,
  publicUrl: string,
  artwork: Map<string, Artwork>,
): Member {
  const id = stableId(`member:${def.email}`);
  const slug = def.nickname.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const member: Member = {
    id,
    loginEmail: def.email,
    loginEmailVerified: def.emailVerified,
    status: def.status,
    contactId: stableId(`contact:${def.email}`),
    contact: {
      firstName: def.firstName,
      lastName: def.lastName,
      phones: def.phones ?? [],
      emails: [def.email],
      addresses: def.address ? [{ id: stableId(`address:${def.email}`), ...def.address }] : [],
    },
    profile: { nickname: def.nickname, slug, ...(def.title ? { title: def.title } : {}) },
    privacyStatus: def.privacy,
    activityStatus: def.activity,
    createdDate: daysAfterSeed(index),
    updatedDate: daysAfterSeed(index),
    ...(def.lastLoginDaysAfterSeed !== undefined
      ? { lastLoginDate: daysAfterSeed(def.lastLoginDaysAfterSeed) }
      : {}),
  };
  if (def.photo && member.profile) {
    const name = `avatar-${slug}`;
    const initials = `${def.firstName[0] ?? ''}${def.lastName[0] ?? ''}`;
    artwork.set(name, { motif: 'avatar', label: initials, ...def.photo });
    member.profile.photo = {
      id: stableId(`media:${name}`),
      url: `${publicUrl}/_sandbox/media/${name}.svg`,
      width: 400,
      height: 400,
      offsetX: 0,
      offsetY: 0,
    };
  }
  return member;
}

/**
 * The sandbox's starting state. Deterministic: the same ids, dates and data on every call, so tests and the
 * demo can name them. `publicUrl` is where the sandbox is reached, for media addresses.
 */
export function createSeed(publicUrl: string): SandboxState {
  const artwork = new Map<string, Artwork>();
  const collections = new Map<string, Collection>();
  const collectionIds = new Map<string, string>();
  const all: Collection = {
    id: ALL_PRODUCTS_COLLECTION_ID,
    name: 'All Products',
    slug: 'all-products',
    description: 'Everything in the shop.',
    visible: true,
    media: { items: [] },
  };
  collections.set(ALL_PRODUCTS_COLLECTION_ID, all);
  for (const def of COLLECTIONS) {
    const id = stableId(`collection:${def.slug}`);
    collectionIds.set(def.slug, id);
    const name = `collection-${def.slug}`;
    artwork.set(name, { ...def.art, label: def.name });
    const item = mediaItem(publicUrl, name, def.name);
    collections.set(id, {
      id,
      name: def.name,
      slug: def.slug,
      description: def.description,
      visible: true,
      media: { mainMedia: item, items: [item] },
    });
  }

  const products = new Map<string, Product>();
  for (const def of PRODUCTS) {
    const product = buildProduct(def, publicUrl, collectionIds, artwork);
    products.set(product.id as string, product);
  }

  const members = new Map<string, Member>();
  const identities = new Map<string, IdentityRecord>();
  MEMBERS.forEach((def, index) => {
    const member = buildMember(def, index, publicUrl, artwork);
    members.set(member.id as string, member);
    const salt = seedSalt(def.email);
    const password = def.email === DEMO_MEMBER.email ? DEMO_MEMBER.password : SEED_MEMBER_PASSWORD;
    identities.set(def.email, {
      memberId: member.id as string,
      email: def.email,
      salt,
      passwordHash: hashPassword(password, salt),
      emailVerified: def.emailVerified,
    });
  });

  return {
    store: {
      siteId: stableId('site:northwind-supply'),
      name: 'Northwind Supply',
      currency: 'USD',
      weightUnit: 'KG',
      country: 'US',
      locale: 'en-US',
    },
    products,
    collections,
    members,
    identities,
    coupons: COUPONS.map((c) => ({ ...c })),
    shippingOptions: SHIPPING.map((s) => structuredClone(s)),
    artwork,
    carts: new Map(),
    checkouts: new Map(),
    orders: new Map(),
    redirectSessions: new Map(),
    sessions: new Map(),
    pendingStates: new Map(),
    authCodes: new Map(),
    recoveryTokens: new Map(),
    failedLogins: new Map(),
  };
}
