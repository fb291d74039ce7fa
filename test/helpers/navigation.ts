/** The redirect-session endpoint, whose `fullUrl` the widgets send the browser to or frame. */
export const REDIRECT_SESSION_PATH = '/_api/redirects-api/v1/redirect-session';

/** Addresses a compromised or impersonated platform could answer with: each runs script or leaves for elsewhere. */
export const HOSTILE_URLS = [
  'javascript:alert(document.domain)',
  'data:text/html,<script>alert(1)</script>',
  'http://evil.example/phish',
];

/** The error `checkNavigationUrl` refuses an address with. */
export const refusalOf = (url: string) => `Refused to open ${JSON.stringify(url.slice(0, 80))}: not https:`;
