import { createElement, Fragment, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import type { Cart, LineItem, ShippingOption, TranslatableString } from '../../api/types/cart';
import { cartFigures } from '../../store/cart-summary';
import { withQuantity } from '../../store/line-quantity';
import type { AddToCartInput, CartSlice, Problem, Storefront } from '../../store/store';
import { MAX_QUANTITY } from '../../store/store';
import { Button } from '../../ui/button';
import { safeImageUrl } from '../../ui/format';
import { fill } from '../../ui/i18n';
import { initialOf } from '../../ui/initial';
import { ModalDialog } from '../../ui/modal-dialog';
import { plural } from '../../ui/plural';
import { formatPrice } from '../../ui/price';
import { problemText, type Strings } from './strings';

/** Countries offered in the shipping estimate (the shop ships to the US, and internationally). */
const COUNTRIES = ['US', 'CA', 'GB', 'DE', 'FR', 'IL', 'AU', 'JP'];

/** A country's name in the page's language. */
function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** A text in the page's language when the server has it, else as the shop wrote it. */
const textOf = (text: TranslatableString | undefined) => text?.translated || text?.original;

/** How many lines the drawer's first frame shows (more than fit on a tall screen). */
const FIRST_LINES = 8;

interface Props {
  store: Storefront;
  t: Strings;
  locale: string;
  currency: string;
  /**
   * The shopper asks to close it (Escape, a press outside, the close button, "Continue shopping"): the store
   * closes it, unless its owner decides (React's controlled `<CartDrawer open>`).
   */
  onClose?: (() => void) | undefined;
}

/** What the drawer's parts are given: the drawer's own props and the store's cart. */
type ViewProps = Props & { slice: CartSlice };

function Message({
  problem,
  t,
  onRetry,
  onDismiss,
}: {
  problem: Problem;
  t: Strings;
  onRetry?: () => void;
  onDismiss?: () => void;
}) {
  const { text, counted } = problemText(t[problem.key as keyof Strings] ?? problem.key, problem.detail);
  return (
    <div className="banner" role="alert" part="error">
      <p>
        {text}
        {/* The platform's own words (English): a line of their own, never inside the page's sentence. */}
        {problem.detail && !counted ? (
          <span className="detail" lang="en">
            {' '}
            {problem.detail}
          </span>
        ) : null}
      </p>
      <div className="banner-actions">
        {onRetry ? (
          <button type="button" className="link" onClick={onRetry}>
            {t.retry}
          </button>
        ) : null}
        {onDismiss ? (
          <button type="button" className="link" onClick={onDismiss}>
            {t.dismiss}
          </button>
        ) : null}
      </div>
    </div>
  );
}

/** A cart line as the drawer is given it; `removed` tells the drawer of a removal, for its Undo. */
type LineProps = Props & { line: LineItem; pending: boolean; removed: (line: LineItem) => void };

/**
 * A line's quantity field: what is typed, whether it is impossible, and its commit (Enter, or leaving the field):
 * 0 takes the line out (with an Undo, as Remove does), 1 to 9999 is sent, anything else is explained.
 */
function useQuantityDraft({ line, store, removed }: LineProps) {
  const id = line.id as string;
  const quantity = line.quantity ?? 1;
  const [draft, setDraft] = useState(String(quantity));
  const [invalid, setInvalid] = useState(false);
  const errorId = useId();
  // A new quantity from the cart replaces what was typed, during the render: an effect would run after the
  // first paint too, and wipe a quantity typed (and its message) before it ran.
  const [shown, setShown] = useState(quantity);
  if (shown !== quantity) {
    setShown(quantity);
    setDraft(String(quantity));
    setInvalid(false);
  }
  const commit = () => {
    const value = Number(draft);
    if (value === 0 && /^\d+$/.test(draft.trim())) {
      removed(line);
      void store.getState().removeLine(id);
      return;
    }
    if (!/^\d+$/.test(draft.trim()) || value < 1 || value > MAX_QUANTITY) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    if (value !== quantity) void store.getState().setQuantity(id, value);
  };
  return { draft, setDraft, invalid, errorId, commit };
}

function Line(props: LineProps) {
  const { line, t, locale, currency, pending } = props;
  const name = textOf(line.productName) || '';
  const quantity = line.quantity ?? 1;
  const { draft, setDraft, invalid, errorId, commit } = useQuantityDraft(props);
  const availability = line.availability;
  const available = availability?.quantityAvailable;
  const max = Math.min(MAX_QUANTITY, available ?? MAX_QUANTITY);
  // + stops at what is left: the line says why.
  const stockLimited = available !== undefined && quantity >= available;
  const stockId = `${errorId}-stock`;
  const image = safeImageUrl(line.image);
  return (
    <li className="line" part="line" aria-busy={pending ? 'true' : undefined}>
      {image ? (
        <img className="thumb" src={image} alt="" width={72} height={72} loading="lazy" part="line-image" />
      ) : (
        <span className="thumb placeholder" aria-hidden="true">
          {initialOf(name)}
        </span>
      )}
      <div className="line-main">
        <LineDetails {...props} name={name} stockId={stockId} limited={stockLimited} />
      </div>
      <p className="line-total" part="line-total">
        {formatPrice(line.lineItemPrice, currency, locale)}
      </p>
      {/* Under the name and the price, across both: room for the quantity and Remove at 320 px. */}
      <LineControls {...props} name={name} max={max} stockId={stockLimited ? stockId : undefined}>
        <input
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          value={draft}
          aria-label={fill(t.quantityOf, { name })}
          aria-invalid={invalid ? 'true' : undefined}
          aria-describedby={invalid ? errorId : undefined}
          onChange={(e) => setDraft((e.currentTarget as HTMLInputElement).value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              commit();
            }
          }}
        />
      </LineControls>
      {invalid ? (
        <p id={errorId} className="field-error line-error" role="alert">
          {t.quantityInvalid}
        </p>
      ) : null}
    </li>
  );
}

/** What a line is: its name, the options chosen, the price of one, and how many are left. */
function LineDetails({
  line,
  t,
  locale,
  currency,
  name,
  stockId,
  limited,
}: LineProps & { name: string; stockId: string; limited: boolean }) {
  const availability = line.availability;
  const options = line.descriptionLines ?? [];
  return (
    <>
      <p className="line-name" part="line-name">
        {/* The product's name in its own direction, whatever the page's. */}
        <bdi>{name}</bdi>
      </p>
      {options.length ? (
        <ul className="options">
          {options.map((d) => {
            const label = textOf(d.name);
            const value = textOf(d.colorInfo) || textOf(d.plainText);
            const swatch =
              d.colorInfo?.code && /^#[0-9a-f]{3,8}$/i.test(d.colorInfo.code) ? d.colorInfo.code : undefined;
            return (
              <li key={`${label}:${value}`}>
                {label ? `${label}: ` : ''}
                {swatch ? (
                  <span className="swatch" style={{ background: swatch }} aria-hidden="true" />
                ) : null}
                {value}
              </li>
            );
          })}
        </ul>
      ) : null}
      <p className="muted">{fill(t.each, { price: formatPrice(line.price, currency, locale) })}</p>
      {availability?.status === 'NOT_AVAILABLE' || availability?.status === 'NOT_FOUND' ? (
        <p className="warning" part="availability">
          {t.outOfStock}
        </p>
      ) : availability?.status === 'PARTIALLY_AVAILABLE' || limited ? (
        <p id={stockId} className="warning" part="availability">
          {fill(t.onlyLeft, { count: availability?.quantityAvailable ?? 0 })}
        </p>
      ) : null}
    </>
  );
}

/** A line's quantity between − and + (the field is the line's own: `children`), and its remove button. */
function LineControls({
  line,
  store,
  t,
  pending,
  name,
  max,
  stockId,
  children,
  removed,
}: LineProps & {
  name: string;
  max: number;
  /** The stock message that says why + stops, when it does. */
  stockId: string | undefined;
  children: ReactNode;
}) {
  const id = line.id as string;
  const quantity = line.quantity ?? 1;
  return (
    <div className="line-controls">
      <div className="stepper" part="stepper">
        <Button
          aria-label={fill(t.decrease, { name })}
          blocked={pending || quantity <= 1}
          onClick={() => void store.getState().setQuantity(id, quantity - 1)}
        >
          −
        </Button>
        {children}
        <Button
          aria-label={fill(t.increase, { name })}
          aria-describedby={stockId}
          blocked={pending || quantity >= max}
          onClick={() => void store.getState().setQuantity(id, quantity + 1)}
        >
          +
        </Button>
      </div>
      <button
        type="button"
        className="link"
        aria-label={fill(t.removeItem, { name })}
        onClick={(event) => {
          // The line leaves at once: the focus goes to the drawer, not to the page.
          (event.currentTarget.closest('dialog') as HTMLElement | null)?.focus();
          removed(line);
          void store.getState().removeLine(id);
        }}
      >
        {t.remove}
      </button>
    </div>
  );
}

/** The coupon applied to a cart, if any. */
const couponOf = (cart: Cart) => cart.appliedDiscounts?.find((d) => d.coupon)?.coupon?.code;

/**
 * The coupon form, or the coupon applied. Given only what it shows (not the cart): the drawer keeps its element
 * while that is the same, so a quantity change or an answer does not render it again.
 */
function Coupon({
  store,
  t,
  applied,
  busy,
  error,
}: Pick<Props, 'store' | 't'> & { applied: string | undefined; busy: boolean; error: Problem | null }) {
  const [code, setCode] = useState('');
  const inputId = useId();
  const errorId = useId();
  if (applied) {
    return (
      <div className="coupon applied" part="coupon">
        <p role="status">{fill(t.couponApplied, { code: applied })}</p>
        <Button className="link" blocked={busy} onClick={() => void store.getState().removeCoupon()}>
          {fill(t.removeCoupon, { code: applied })}
        </Button>
        {error ? <Message problem={error} t={t} /> : null}
      </div>
    );
  }
  return (
    <form
      className="coupon"
      part="coupon"
      onSubmit={(e) => {
        e.preventDefault();
        void store
          .getState()
          .applyCoupon(code)
          .then((ok) => ok && setCode(''));
      }}
    >
      <label htmlFor={inputId}>{t.coupon}</label>
      <div className="row">
        <input
          id={inputId}
          value={code}
          autoComplete="off"
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => setCode((e.currentTarget as HTMLInputElement).value)}
        />
        <Button type="submit" className="secondary" blocked={busy}>
          {t.apply}
        </Button>
      </div>
      {error ? (
        <div id={errorId}>
          <Message problem={error} t={t} />
        </div>
      ) : null}
    </form>
  );
}

/** A delivery slot in the page's language, compact (`Thu 26 Nov, 9:00–12:00`); undefined without valid times. */
function slotText(slot: { from?: string; to?: string }, locale: string): string | undefined {
  try {
    return new Intl.DateTimeFormat(locale, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: 'numeric',
      minute: '2-digit',
    }).formatRange(new Date(slot.from as string), new Date(slot.to as string));
  } catch {
    return undefined;
  }
}

/**
 * An option's name (as the merchant wrote it) and price on its first line; when it comes (a time slot says more
 * than the option's delivery time, "1–2 business days") and where to pick it up below, each kept whole.
 */
function OptionLabel({
  option,
  t,
  currency,
  locale,
}: {
  option: ShippingOption;
  t: Strings;
  currency: string;
  locale: string;
}) {
  const cost = option.cost?.price;
  const price = cost?.amount === '0' ? t.free : formatPrice(cost, currency, locale);
  const logistics = option.logistics;
  const pickup = logistics?.pickupDetails?.address;
  const when = slotText(logistics?.deliveryTimeSlot ?? {}, locale) ?? logistics?.deliveryTime;
  // Read as one phrase ("Express · $15.00 · Thu 26 Nov, 9:00–12:00"): the separators are for the ear only.
  const dot = <span className="sf-visually-hidden"> · </span>;
  return (
    <span className="option-text">
      <span className="option-head">
        <span>{option.title ?? option.code}</span>
        {dot}
        <span className="nowrap">{price}</span>
      </span>
      {when ? (
        <span className="muted nowrap">
          {dot}
          {when}
        </span>
      ) : null}
      {pickup ? (
        <span className="muted">
          {dot}
          {fill(t.pickupAt, { address: [pickup.addressLine, pickup.city].filter(Boolean).join(', ') })}
        </span>
      ) : null}
    </span>
  );
}

/** The shipping estimate: a country (needed) and a postal code, then the ways to ship there. */
function Shipping(props: ViewProps) {
  const { store, t, locale, slice } = props;
  const { shipping, totalsStatus: status, totalsError: error } = slice;
  const [country, setCountry] = useState(shipping?.country ?? '');
  const [postalCode, setPostalCode] = useState(shipping?.postalCode ?? '');
  const [countryMissing, setCountryMissing] = useState(false);
  // The countries are named only once the list is wanted (the select focused or pressed) or a country is
  // shown, and then after the frame that shows it: a page's first `Intl.DisplayNames` loads the browser's
  // region names, a task of 90–130 ms at 4× CPU slowdown of its own (a trace of a new visitor's first add),
  // over the 50 ms a task may take. Until then, codes.
  const [named, setNamed] = useState(false);
  const name = () => setNamed(true);
  useEffect(() => {
    if (country) setNamed(true);
  }, [country]);
  const countryId = useId();
  const postalId = useId();
  return (
    <section className="shipping" part="shipping" aria-labelledby={`${countryId}-title`}>
      <h3 id={`${countryId}-title`}>{t.shippingEstimate}</h3>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!country) {
            setCountryMissing(true);
            return;
          }
          setCountryMissing(false);
          void store.getState().estimate({ country, postalCode });
        }}
      >
        <div className="row">
          <div className="field">
            <label htmlFor={countryId}>{t.country}</label>
            <select
              id={countryId}
              value={country}
              aria-invalid={countryMissing ? 'true' : undefined}
              onChange={(e) => setCountry((e.currentTarget as HTMLSelectElement).value)}
              onFocus={name}
              onPointerDown={name}
            >
              <option value="">—</option>
              {COUNTRIES.map((code) => (
                <option key={code} value={code}>
                  {named ? countryName(code, locale) : code}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={postalId}>{t.postalCode}</label>
            <input
              id={postalId}
              value={postalCode}
              autoComplete="postal-code"
              onChange={(e) => setPostalCode((e.currentTarget as HTMLInputElement).value)}
            />
          </div>
          <Button type="submit" className="secondary" blocked={status === 'loading'}>
            {t.estimate}
          </Button>
        </div>
        {countryMissing ? (
          <p className="field-error" role="alert">
            {t.countryInvalid}
          </p>
        ) : null}
      </form>
      {error ? (
        <Message
          problem={error}
          t={t}
          onRetry={() => void store.getState().estimate(shipping ?? undefined)}
        />
      ) : null}
      <ShippingOptions {...props} />
    </section>
  );
}

/** The ways to ship to the address given, the chosen one checked; choosing another estimates again. */
function ShippingOptions({ store, t, currency, locale, slice }: ViewProps) {
  const { shipping, totals } = slice;
  const list = useRef<HTMLFieldSetElement>(null);
  // Options are for an address: none are shown before the visitor gives a country.
  const options = shipping
    ? (totals?.shippingInfo?.carrierServiceOptions ?? []).flatMap((c) => c.shippingOptions ?? [])
    : [];
  const selected = totals?.shippingInfo?.selectedCarrierServiceOption?.code;
  // The options arrive below the form, maybe out of view above the footer: they are brought into view.
  const shown = options.length > 0;
  useEffect(() => {
    if (shown) list.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [shown]);
  return options.length ? (
    <fieldset className="options-list" ref={list}>
      <legend>{t.shippingOption}</legend>
      {options.map((option) => (
        <label key={option.code} className="option">
          <input
            type="radio"
            name="shipping-option"
            value={option.code}
            checked={option.code === selected}
            onChange={() =>
              shipping && void store.getState().estimate({ ...shipping, code: option.code as string })
            }
          />
          <OptionLabel option={option} t={t} currency={currency} locale={locale} />
        </label>
      ))}
    </fieldset>
  ) : null;
}

/** The cart's totals (`cartFigures`): the server's figures only beside the lines they were worked out for. */
function Totals({ cart, slice, t, currency, locale }: ViewProps & { cart: Cart }) {
  const { summary, subtotal, shippingUnknown, updating } = cartFigures(cart, slice);
  const rows: Array<[string, string]> = [[t.subtotal, formatPrice(subtotal, currency, locale)]];
  if (summary && Number(summary.discount?.amount ?? 0) > 0)
    rows.push([t.discount, `−${formatPrice(summary.discount, currency, locale)}`]);
  if (summary) {
    rows.push([
      t.shipping,
      shippingUnknown
        ? t.shippingUnknown
        : summary.shipping?.amount === '0'
          ? t.free
          : formatPrice(summary.shipping, currency, locale),
    ]);
    rows.push([t.tax, formatPrice(summary.tax, currency, locale)]);
  }
  return (
    <dl className="totals" part="totals" aria-busy={updating ? 'true' : undefined}>
      {rows.map(([label, value]) => (
        <div key={label} className="total-row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      {summary || updating ? (
        <div className="total-row grand">
          <dt>{t.total}</dt>
          <dd className={updating ? 'muted' : undefined}>
            {summary ? formatPrice(summary.total, currency, locale) : t.updating}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

/**
 * Whether a cart line is the product (and variant) an add names. An add by options (a page's pickers) is not
 * matched to a line (their names may be written otherwise): it shows a line of its own until the answer.
 */
function isLineOf(line: LineItem, add: AddToCartInput): boolean {
  const reference = line.catalogReference;
  const chosen = reference?.options ?? {};
  return (
    reference?.catalogItemId === add.productId &&
    !add.options &&
    !chosen.options &&
    chosen.variantId === add.variantId
  );
}

/**
 * The lines with the add on its way shown over them: the line of the same product with its quantity raised, or
 * none found, `adding` for a line of its own (`PendingLine`). The server's answer replaces it (`addingItem`).
 */
function withAddShown(
  lines: LineItem[],
  add: AddToCartInput | null,
): { lines: LineItem[]; raised?: string | undefined; adding?: AddToCartInput | null } {
  const line = add && lines.find((l) => isLineOf(l, add));
  return line
    ? {
        lines: lines.map((l) => (l === line ? withQuantity(l, (l.quantity ?? 1) + (add?.quantity ?? 1)) : l)),
        raised: line.id,
      }
    : { lines, adding: add };
}

/**
 * An added line the cart does not have yet: what the page knows of the product (a product element's read: its
 * name, picture and price), else grey bars where they will be. Busy until the server answers.
 */
function PendingLine({ store, add, currency, locale }: ViewProps & { add: AddToCartInput }) {
  const product = useStore(store, (s) => s.products.items[add.productId]);
  const quantity = add.quantity ?? 1;
  const name = product?.name;
  const image = safeImageUrl(product?.media?.mainMedia?.image?.url);
  // A variant's or options' price may differ from the product's: shown only for a product without them.
  const unit = add.variantId || add.options ? undefined : product?.priceData?.price;
  return (
    <li className="line pending" part="line pending-line" aria-busy="true">
      {image ? (
        <img className="thumb" src={image} alt="" />
      ) : (
        <span className="thumb shimmer" aria-hidden="true" />
      )}
      <div className="line-main bars">
        {name ? (
          <p className="line-name" part="line-name">
            {name}
          </p>
        ) : (
          <span className="bar shimmer" aria-hidden="true" />
        )}
        <p className="muted">× {quantity}</p>
      </div>
      {unit === undefined ? null : (
        <p className="line-total" part="line-total">
          {/* (Written to the currency's cents: no float drift shows.) */}
          {formatPrice({ amount: String(unit * quantity) }, currency, locale)}
        </p>
      )}
    </li>
  );
}

/** Said while the cart loads, and shown: grey lines where its lines will be. */
function Skeleton({ t }: { t: Strings }) {
  return (
    <>
      <p className="sf-visually-hidden" role="status">
        {t.loading}
      </p>
      <ul className="skeleton" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <li key={i} className="line">
            <span className="thumb shimmer" />
            <span className="bars">
              <span className="bar shimmer" />
              <span className="bar short shimmer" />
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The drawer's title, with the number of items, and its close button. */
function DrawerHeader({ t, locale, slice, titleId, close }: ViewProps & { titleId: string; close(): void }) {
  return (
    <header className="drawer-header" part="header">
      <h2 id={titleId}>
        {t.cartTitle}
        {slice.count ? (
          <span className="count">
            {' '}
            ({fill(plural(t.itemsCount, slice.count, locale), { count: slice.count })})
          </span>
        ) : null}
      </h2>
      {/* The first control: the focus goes to it when the drawer opens. */}
      <button type="button" className="icon" aria-label={t.close} onClick={close}>
        ×
      </button>
    </header>
  );
}

/** Said above the lines: the order placed, a notice, the cart's problem, an add on its way. */
function Notices({ store, t, slice, loading }: ViewProps & { loading: boolean }) {
  const notice = useStore(store, (s) => s.session.notice);
  const order = useStore(store, (s) => s.ui.order);
  return (
    <>
      {order ? (
        <p className="banner placed" role="status" part="order">
          {fill(t.orderPlaced, { number: order.orderNumber || order.orderId })}
        </p>
      ) : null}
      {notice ? <Message problem={notice} t={t} onDismiss={() => store.getState().dismissNotice()} /> : null}
      {slice.error ? (
        <Message
          problem={slice.error}
          t={t}
          onRetry={slice.retry ? () => void store.getState().retryCart() : undefined}
          onDismiss={() => store.getState().dismissCartError()}
        />
      ) : null}
      {/* An add on its way shows at once, above the lines (a slow one is never a frozen page). */}
      {slice.adding && !loading ? (
        <p className="adding shimmer" part="adding" role="status">
          {t.adding}
        </p>
      ) : null}
    </>
  );
}

/** The lines rendered in each task after the first frame's: about 10 ms of work at 4× CPU slowdown. */
const LINES_A_TASK = 24;

/**
 * A long cart opens in one frame: the first screenful of lines at once, the rest after it, `LINES_A_TASK` a
 * task, each after a frame (the other 92 of a 100-line cart in one task made it a long task, 50 ms at 4× CPU:
 * issue 26). So does a cart that arrives while the drawer is open (it opened on the skeleton). Once all of a
 * cart's lines are shown, a line added, or back after it was taken out, shows at once. `all`: every line is
 * shown (the list says so in `data-shown`).
 */
function useLinesByFrame(lines: LineItem[]): { shownLines: LineItem[]; all: boolean } {
  const [count, setCount] = useState(FIRST_LINES);
  const all = count >= lines.length;
  useEffect(() => {
    if (all) {
      if (lines.length && count !== Number.POSITIVE_INFINITY) setCount(Number.POSITIVE_INFINITY);
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setCount((shown) => shown + LINES_A_TASK));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [count, all, lines.length]);
  return { shownLines: all ? lines : lines.slice(0, count), all };
}

/** How long a removed line's Undo stays (a new removal starts it again). */
const UNDO_MS = 8000;

/** "Stoneware Mug removed. Undo": the line added back as it was (product, choices, quantity) for a few seconds. */
function Undo({ store, t, line, done }: Props & { line: LineItem; done: (none: null) => void }) {
  // (A new removal is a new Undo: its key is the line's.)
  useEffect(() => {
    const timer = setTimeout(() => done(null), UNDO_MS);
    return () => clearTimeout(timer);
  }, [done]);
  const reference = line.catalogReference;
  const { variantId, options } = (reference?.options ?? {}) as Partial<AddToCartInput>;
  return (
    <p className="undo" role="status" part="undo">
      {fill(t.removed, { name: textOf(line.productName) ?? '' })}{' '}
      <button
        type="button"
        className="link"
        onClick={() => {
          done(null);
          if (reference)
            void store.getState().addToCart({
              productId: reference.catalogItemId,
              quantity: line.quantity ?? 1,
              ...(variantId ? { variantId } : {}),
              ...(options ? { options } : {}),
            });
        }}
      >
        {t.undo}
      </button>
    </p>
  );
}

/**
 * The lines' elements. A line renders again only when it or its busy state changed: its element is kept in
 * `made`, and the same element is not rendered again (a change to 1 line of 100 renders 1).
 */
function lineElements(
  lines: LineItem[],
  {
    store,
    t,
    locale,
    currency,
    slice,
    made,
    raised,
    setRemoved,
  }: Props & {
    slice: CartSlice;
    made: WeakMap<LineItem, [boolean, ReactNode]>;
    raised: string | undefined;
    setRemoved: (line: LineItem) => void;
  },
): ReactNode[] {
  return lines.map((line) => {
    const pending = line.id === raised || Object.hasOwn(slice.pending, line.id as string);
    const kept = made.get(line);
    if (kept?.[0] === pending) return kept[1];
    const element = (
      <Line
        key={line.id}
        line={line}
        pending={pending}
        store={store}
        t={t}
        locale={locale}
        currency={currency}
        removed={setRemoved}
      />
    );
    made.set(line, [pending, element]);
    return element;
  });
}

/** Whether two pieces of the server's JSON are equal: the same primitives, arrays and objects throughout. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object' || Array.isArray(a) !== Array.isArray(b))
    return false;
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every((key) => sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  );
}

/**
 * The lines, each that equals the one shown before (by id) replaced by that one: the server's answer is a new
 * cart, every line a new object, and a line kept is a line not rendered again (`lineElements`).
 */
function useLinesKept(lines: LineItem[]): LineItem[] {
  const shown = useRef(new Map<string | undefined, LineItem>());
  const kept = lines.map((line) => {
    const before = shown.current.get(line.id);
    return before && sameJson(before, line) ? before : line;
  });
  shown.current = new Map(kept.map((line) => [line.id, line]));
  return kept;
}

/** The coupon part's element (none without a cart), the same one while what it shows is the same. */
function useCouponPart(store: Storefront, t: Strings, { cart, couponBusy, couponError }: CartSlice) {
  const applied = cart ? couponOf(cart) : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: made again only when what it shows changes
  return useMemo(
    () =>
      cart ? <Coupon store={store} t={t} applied={applied} busy={couponBusy} error={couponError} /> : null,
    [!cart, applied, couponBusy, couponError, store, t],
  );
}

/** The cart drawer: an accessible side dialog over the page. */
export function Drawer(given: Props) {
  const { store, t } = given;
  const slice = useStore(store, (s) => s.cart);
  const titleId = useId();
  const cart = slice.cart;
  // Prices in the cart's own currency (the configured one until a cart is known), written the page's way.
  const currency = cart?.currency || given.currency;
  const props = { ...given, currency, slice };
  const shown = withAddShown(useLinesKept(cart?.lineItems ?? []), slice.addingItem);
  const { lines, adding } = shown;
  const { shownLines, all: allShown } = useLinesByFrame(lines);
  // The lines' elements, made again for other texts, currency or language.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new map when any of them changes
  const made = useMemo(() => new WeakMap<LineItem, [boolean, ReactNode]>(), [t, currency, given.locale]);
  // Loading until a cart is known: not read yet, or on its way.
  const loading = !cart && slice.status !== 'ready' && slice.status !== 'error';
  const close = given.onClose ?? (() => store.getState().closeCart());
  const [removed, setRemoved] = useState<LineItem | null>(null);
  const coupon = useCouponPart(store, t, slice);
  return (
    // The browser's modal <dialog>: a press outside the drawer, Escape and the close button close it.
    <ModalDialog labelledBy={titleId} onClose={close} className="overlay" part="overlay">
      <div className="drawer" part="drawer">
        <DrawerHeader {...props} titleId={titleId} close={close} />
        <div className="drawer-body" aria-busy={loading ? 'true' : undefined}>
          <Notices {...props} loading={loading} />
          {removed && !lines.some((l) => l.id === removed.id) ? (
            <Undo key={removed.id} {...props} line={removed} done={setRemoved} />
          ) : null}
          {loading ? (
            <Skeleton t={t} />
          ) : slice.status === 'error' && !cart ? null : lines.length === 0 && !adding ? (
            slice.adding ? null : (
              <div className="empty" part="empty">
                <p>{t.emptyCart}</p>
                <button type="button" className="secondary" onClick={close}>
                  {t.continueShopping}
                </button>
              </div>
            )
          ) : (
            <>
              {/* data-shown: "some" while a long cart's lines are still being added a batch a frame, "all" once
                  every line is shown (what a test or a script waits for, rather than for frames or time). */}
              <ul className="lines" data-shown={allShown ? 'all' : 'some'}>
                {lineElements(shownLines, {
                  ...given,
                  currency,
                  slice,
                  made,
                  raised: shown.raised,
                  setRemoved,
                })}
                {adding ? <PendingLine {...props} add={adding} /> : null}
              </ul>
              {coupon}
              <Shipping {...props} />
            </>
          )}
        </div>
        {cart && lines.length ? (
          <footer className="drawer-footer" part="footer">
            <Totals cart={cart} {...props} />
            {slice.checkoutError ? <Message problem={slice.checkoutError} t={t} /> : null}
            <Button
              className="primary"
              part="checkout-button"
              blocked={slice.checkout === 'working'}
              onClick={() => void store.getState().checkout()}
            >
              {slice.checkout === 'working' ? t.checkingOut : t.checkout}
            </Button>
          </footer>
        ) : null}
      </div>
    </ModalDialog>
  );
}
