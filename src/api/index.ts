/**
 * storefront-widgets/api: a typed client for the platform's storefront and merchant calls, for browsers and
 * Node ≥ 20. The calls themselves arrive with the API client issue; the wire types and enums are here.
 */
export * from './types/index';
