import { createElement, Fragment } from 'react';
import { useStore } from 'zustand';
import type { Problem } from '../../store/store';
import { fill } from '../../ui/i18n';
import { problemText, type Strings } from './strings';
import type { ViewProps } from './view';

/** A problem in the page's language (the platform's own words apart), with Try again and Dismiss when given. */
export function Message({
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

/** Said above the lines: the order placed, a notice, the cart's problem, an add on its way. */
export function Notices({ store, t, slice, loading }: ViewProps & { loading: boolean }) {
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
