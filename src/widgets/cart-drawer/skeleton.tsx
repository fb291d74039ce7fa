import { createElement, Fragment } from 'react';
import type { Strings } from './strings';

/** Said while the cart loads, and shown: grey lines where its lines will be. */
export function Skeleton({ t }: { t: Strings }) {
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
