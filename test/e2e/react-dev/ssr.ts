/** The browser's side of `ssr-app.ts`: hydrates the server's HTML with the props it was rendered with. */
import { hydrateRoot } from 'react-dom/client';
import * as widgets from 'storefront-widgets/react';
import { type SsrProps, ssrApp } from './ssr-app';

const props = JSON.parse(document.getElementById('ssr-props')?.textContent ?? '{}') as SsrProps;
hydrateRoot(document.getElementById('root') as HTMLElement, ssrApp(widgets, props));
