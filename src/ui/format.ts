/** Only http(s) addresses are shown (WIRE.md 13); anything else (javascript:, data:, wix:) is dropped. */
export function safeImageUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  if (url.startsWith('wix:image://v1/')) {
    const id = url.slice('wix:image://v1/'.length).split('/')[0];
    return id ? `https://static.wixstatic.com/media/${id}` : undefined;
  }
  try {
    const parsed = new URL(url);
    return /^https?:$/.test(parsed.protocol) ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}
