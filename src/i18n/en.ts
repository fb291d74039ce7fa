/**
 * Every text of the widgets in English, by part: the shape every other language's file (`<code>.ts` beside this
 * one) has, key for key (`Texts`). Each part ships where it is needed: the build makes one module per part and
 * language from these files (`build/texts.ts`: `virtual:texts/<pack>.<code>`), so that a page downloads only its
 * own language's texts, each with the code that shows them (docs/languages.md).
 */
const en = {
  /**
   * The badge shell's, in the loader, every language's (`virtual:texts/shell`; English's, with `cannotLoad`:
   * `virtual:texts/badge.en`), so that the badge paints at once in the page's language.
   */
  shell: {
    signIn: 'Sign in',
    loadingMember: 'Loading your account…',
  },
  /**
   * Said in a widget's place when its code cannot be downloaded (or does not match its hash): English's in the
   * loader, another language's in its language pack (`lang.<code>`).
   */
  cannotLoad: 'The shop could not be loaded.',
  /** The cart drawer's, with the login modal's in the views' pack (`texts.<code>`). */
  drawer: {
    cartTitle: 'Your cart',
    close: 'Close',
    emptyCart: 'Your cart is empty.',
    continueShopping: 'Continue shopping',
    loading: 'Loading…',
    adding: 'Adding to your cart…',
    retry: 'Try again',
    dismiss: 'Dismiss',
    quantity: 'Quantity',
    quantityOf: 'Quantity of {name}',
    decrease: 'One fewer {name}',
    increase: 'One more {name}',
    remove: 'Remove',
    removed: '{name} removed.',
    undo: 'Undo',
    removeItem: 'Remove {name}',
    each: '{price} each',
    itemsCount: '{count} item|{count} items',
    outOfStock: 'No longer available',
    onlyLeft: 'Only {count} left',
    coupon: 'Coupon code',
    apply: 'Apply',
    removeCoupon: 'Remove coupon {code}',
    couponApplied: 'Coupon {code} applied',
    shippingEstimate: 'Estimate shipping',
    country: 'Country',
    postalCode: 'Postal code',
    estimate: 'Estimate',
    shippingOption: 'Delivery',
    pickupAt: 'Pick up at {address}',
    subtotal: 'Subtotal',
    discount: 'Discount',
    shipping: 'Shipping',
    tax: 'Tax',
    total: 'Total',
    free: 'Free',
    shippingUnknown: 'Not yet estimated',
    updating: 'Updating…',
    orderPlaced: 'Order #{number} placed. Thank you!',
    checkout: 'Check out',
    checkingOut: 'Going to checkout…',
    signIn: 'Sign in',
    networkError: 'The shop cannot be reached. Check your connection and try again.',
    cartLoadFailed: 'Your cart could not be loaded.',
    addFailed: 'The item could not be added.',
    addLost: 'The connection dropped: the item was not added.',
    addCapped: 'Only {count} added: that’s all we have.',
    addUnconfirmed:
      'The connection dropped while adding, and your cart has changed since: check it before adding again.',
    quantityFailed: 'The quantity could not be changed.',
    quantityInvalid: 'Enter a whole number from 1 to 9999.',
    /** Said on the host page, in its `data-sf-message` element, of an option a page's picker has no choice for. */
    chooseOption: 'Choose a {name}.',
    removeFailed: 'The item could not be removed.',
    couponEmpty: 'Enter a coupon code.',
    couponFailed: 'The coupon could not be applied.',
    estimateFailed: 'Shipping could not be estimated.',
    checkoutFailed: 'Checkout could not start.',
    signInFailed: 'Signing in did not work.',
    sessionExpired: 'You were signed out. Sign in again to get back to your account and its cart.',
    countryInvalid: 'Choose a country.',
    emptyInvite: 'Items you add will appear here.',
    regularPrice: 'Regular price',
    youSave: 'Save {amount}',
    addCoupon: 'Add a coupon code',
    shippingTo: 'Shipping to {place}',
    change: 'Change',
    taxesAtCheckout: 'Taxes at checkout',
    couponUnknown: 'There is no coupon “{code}”. Check the code.',
    couponExpired: 'The coupon “{code}” has expired.',
    couponMinimum: 'Add more to your cart to use the coupon “{code}”.',
    couponUnusable: 'The coupon “{code}” cannot be used right now.',
    couponLocked: 'This cart’s coupon cannot be changed.',
    couponGone: 'This coupon is no longer on your cart.',
    couponTaken: 'Your cart already has a coupon.',
    // The drawer's marketing parts (issue 37): the free-shipping bar, the cross-sell, the note, the add's notice.
    /** The free-shipping bar's name (a progress bar) and its line. */
    freeShipping: 'Free shipping',
    freeShippingAway: '{amount} away from free shipping',
    freeShippingReached: 'You get free shipping',
    /** The cross-sell's heading, its Add button, and the button as a screen reader says it. */
    crossSell: 'You may also like',
    crossSellAdd: 'Add',
    crossSellAddNamed: 'Add {name} to the cart',
    /** A product with options: its Add opens the product's quick view, to choose them there (said with the Add). */
    crossSellChoose: 'Add {name}: choose its options first',
    /** The note to the shop: its disclosure, its field, its button and what it says. */
    noteAdd: 'Add a note',
    noteLabel: 'Note for the shop',
    noteSave: 'Save note',
    noteSaved: 'Note saved',
    noteFailed: 'Your note could not be saved.',
    noteLeft: '{count} character left|{count} characters left',
    /** The notice an add shows instead of the drawer (`data-open-cart-on-add="toast"`). */
    toastAdded: 'Added to cart',
    viewCart: 'View cart',
  },
  /** The login modal's. */
  login: {
    close: 'Close',
    signInTitle: 'Sign in',
    registerTitle: 'Create an account',
    verifyTitle: 'Check your email',
    approvalTitle: 'Almost there',
    forgotTitle: 'Reset your password',
    forgotSentTitle: 'Check your email',
    resetTitle: 'Choose a new password',
    email: 'Email',
    password: 'Password',
    newPassword: 'New password',
    nickname: 'Name shown to others (optional)',
    code: 'Verification code',
    showPassword: 'Show password',
    hidePassword: 'Hide password',
    signIn: 'Sign in',
    signingIn: 'Signing in…',
    register: 'Create account',
    registering: 'Creating your account…',
    verify: 'Verify',
    verifying: 'Checking the code…',
    resend: 'Send a new code',
    resent: 'A new code is on its way to {email}.',
    verifyIntro: 'We sent a 6-digit code to {email}. Enter it to finish signing in.',
    approvalText:
      'Your account is waiting for the site owner’s approval. You can sign in as soon as it is approved.',
    forgot: 'Forgot password?',
    forgotIntro: 'Enter your account’s email and we will send you a link to choose a new password.',
    sendLink: 'Send the link',
    sending: 'Sending…',
    forgotSent: 'If {email} has an account here, a link to reset its password is on its way.',
    resetIntro: 'Choose a new password for your account.',
    savePassword: 'Save and sign in',
    saving: 'Saving…',
    noAccount: 'New here?',
    createAccount: 'Create an account',
    haveAccount: 'Already have an account?',
    backToSignIn: 'Back to sign in',
    newLink: 'Ask for a new link',
    /** The platform's own login page: a link when the site asks for it, and the way on when a sign-in fails. */
    hosted: 'Use the hosted login page',
    done: 'Done',
    required: 'This field is required.',
    emailInvalid: 'Enter an email address such as name@example.com.',
    codeInvalid: 'Enter the 6-digit code from the email.',
    /** Under the password field of registration and reset, before it is typed. */
    passwordRule: 'At least {min} characters.',
    /** The platform's refusals, by its error codes (the platform's own words for a code not here). */
    passwordTooShort: 'Too short: use at least {min} characters.',
    wrongPassword: 'Wrong email or password.',
    unknownEmail: 'No account uses this email. Check it, or create an account.',
    memberBlocked: 'This account is blocked. Contact the shop for help.',
    tooManyPasswords: 'Too many wrong passwords. Wait a few minutes, or reset your password.',
    codeWrong: 'That code is not right. Check the latest email.',
    codeExpired: 'This code has expired. Send a new code.',
    tooManyCodes: 'Too many wrong codes. Send a new code.',
    signInExpired: 'This sign-in has expired. Sign in again.',
    resetLinkExpired: 'This link has expired or was already used. Ask for a new one.',
    resetPasswordHint: 'This account needs a new password.',
    emailAlreadyExists: 'This email already has an account.',
    captchaHint: 'The security check did not pass. Try again.',
    networkError: 'The shop cannot be reached. Check your connection and try again.',
    silentFailed: 'Signing in did not finish. Try again, or use the hosted login page.',
    hostedFailed: 'The login page could not be opened. Try again.',
  },
  /** The product elements' (`products.<code>`). */
  product: {
    loading: 'Loading the product…',
    loadingProducts: 'Loading products…',
    addToCart: 'Add to cart',
    adding: 'Adding…',
    added: '{name} is in your cart.',
    soldOut: 'Sold out',
    unavailable: 'Unavailable',
    onlyLeft: 'Only {count} left',
    inStock: 'In stock',
    sku: 'SKU {sku}',
    choiceSoldOut: '{choice} (sold out)',
    choiceUnavailable: '{choice} (unavailable)',
    quantity: 'Quantity',
    decrease: 'One fewer',
    increase: 'One more',
    quantityInvalid: 'Enter a whole number from 1 to {max}.',
    regularPrice: 'Regular price',
    salePrice: 'Sale price',
    unitPrice: '{price} / {unit}',
    unitPriceLabel: 'Unit price',
    images: 'Images of {name}',
    showImage: 'Image {index} of {count}',
    productsShown: 'Showing {shown} of {total} products',
    loadMore: 'Load more',
    loadingMore: 'Loading more…',
    empty: 'No products here yet.',
    missing: 'This product is not available.',
    productFailed: 'This product could not be loaded.',
    productsFailed: 'The products could not be loaded.',
    addFailed: 'The item could not be added.',
    networkError: 'The shop cannot be reached. Check your connection and try again.',
    retry: 'Try again',
    close: 'Close',
    /** The quick view's link to the product's own page. */
    viewDetails: 'View full details',
  },
  /** The badge's member part's: her button, the notices (English's in its chunk; `member.<code>`). */
  member: {
    accountMenu: 'account menu',
    member: 'Member',
    sessionExpired: 'You were signed out. Sign in again to get back to your account and its cart.',
    signInFailed: 'Signing in did not work.',
    signInAgain: 'Sign in again',
    dismiss: 'Dismiss',
  },
  /** The member menu's, a pack of their own in every language, English included (`menu.<code>`). */
  menu: {
    ACCOUNT_INFO: 'My account',
    ORDERS: 'My orders',
    SUBSCRIPTIONS: 'My subscriptions',
    BOOKINGS: 'My bookings',
    EVENTS: 'My events',
    /** The item that leads to the account's settings (the profile address, deleting the account), their title. */
    accountSettings: 'Account settings',
    /** The account's settings' way back to the menu (an arrow; this is its name for screen readers). */
    back: 'Back',
    editSlug: 'Your profile address',
    join: 'Join the community',
    leave: 'Leave the community',
    joined: 'You are now part of the community.',
    left: 'You left the community: your profile is private.',
    signOut: 'Sign out',
    deleteAccount: 'Delete my account',
    slugLabel: 'Profile address',
    slugHelp:
      'Small letters (a–z), digits and hyphens, no hyphen first or last; it appears in your profile’s link.',
    slugEmpty: 'Enter an address.',
    slugInvalid: '“{slug}” does not follow these rules.',
    slugTaken: '“{slug}” is another member’s address. Try another one.',
    save: 'Save',
    saving: 'Saving…',
    cancel: 'Cancel',
    slugSaved: 'Your profile address is now {slug}.',
    deleteTitle: 'Delete your account?',
    deleteText:
      'Your profile and your sign-in on this site are removed for good. Orders already placed are kept by the shop.',
    deleteConfirm: 'Delete my account',
    deleting: 'Deleting…',
    networkError: 'The shop cannot be reached. Check your connection and try again.',
    failed: 'That did not work: {message}',
    member: 'Member',
  },
};

export default en;

/** Every text of a language: the keys of the English ones, by part. */
export type Texts = typeof en;

/** The badge shell's texts. */
export type BadgeStrings = Texts['shell'];
/** The cart drawer's texts. */
export type Strings = Texts['drawer'];
export type StringKey = keyof Strings;
/** The login modal's texts. */
export type LoginStrings = Texts['login'];
/** The product elements' texts. */
export type ProductStrings = Texts['product'];
export type ProductStringKey = keyof ProductStrings;
/** The badge's member part's texts. */
export type MemberStrings = Texts['member'];
/** The member menu's texts. */
export type MenuStrings = Texts['menu'];
