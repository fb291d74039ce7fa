/**
 * Code downloaded when first wanted: one download shared by every caller, and a download tried once more after
 * a pause when the connection drops. (Every lazy chunk of the widgets and the store goes through these.)
 */

/**
 * How long to wait before downloading a chunk again after a failed download (a dropped connection). (Tests
 * skip it with fake timers: `vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })`.)
 */
export const RETRY_DELAY_MS = 1000;

/**
 * Whether the visitor asked to save data (`navigator.connection.saveData`) or is on a 2G connection: then no
 * code, and no font, is fetched ahead of its need.
 */
export const savingData = (): boolean => {
  const net = (navigator as { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  return !!net?.saveData || /2g/.test(net?.effectiveType as string);
};

/** A chunk's download, tried once more after a pause when it fails. */
export const retryOnce = <T>(load: () => Promise<T>): Promise<T> =>
  load().catch(() => new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS)).then(load));

/** A download made once and shared by every caller; a failed one is tried again by the next call. */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load();
    const mine = loading;
    mine.catch(() => {
      if (loading === mine) loading = undefined;
    });
    return mine;
  };
}
