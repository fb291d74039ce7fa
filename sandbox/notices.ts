/** Different things (origins, hosts) a sandbox reports at most: a flood of made-up ones cannot fill the log. */
export const MAX_NOTICES = 100;

/**
 * What the sandbox tells the developer who runs it (on its console): one line per thing it refused that they
 * may have meant to allow (a page's origin, a host name), the first time only. Without `log`, nothing.
 */
export class Notices {
  private readonly told = new Set<string>();

  constructor(private readonly log: ((line: string) => void) | undefined) {}

  /** Logs `line()` the first time `key` comes; past `MAX_NOTICES` keys, says so once and no more. */
  once(key: string, line: () => string): void {
    if (!this.log || this.told.has(key) || this.told.size > MAX_NOTICES) return;
    this.told.add(key);
    // The origin or host is the caller's text: no control character (a terminal's escape) reaches the console.
    this.log(
      this.told.size > MAX_NOTICES
        ? `[sandbox] More than ${MAX_NOTICES} refused origins and hosts: no more are reported until a reset`
        : line().replace(/\p{Cc}/gu, '\ufffd'),
    );
  }

  /** Reports each again (a reset puts the clients' origins back as they were). */
  clear(): void {
    this.told.clear();
  }
}
