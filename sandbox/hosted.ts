/** The platform's own pages (checkout, login, members area…) that redirect sessions lead to. */

export const escapeHtml = (text: unknown): string =>
  String(text ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** A complete HTML page in the platform's look. `body` must already be escaped HTML. */
export function hostedPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} — Sandbox platform</title>
<link rel="icon" href="data:,">
<style>
  :root { color-scheme: light dark; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; background: #f4f5f7; color: #1f2328; }
  @media (prefers-color-scheme: dark) { body { background: #16181d; color: #e6e8eb; } main { background: #1f2229 !important; } }
  header { padding: 1rem 1.5rem; background: #116dff; color: #fff; font-weight: 600; }
  main { max-width: 40rem; margin: 2rem auto; padding: 1.5rem 2rem; background: #fff; border-radius: 12px; box-shadow: 0 1px 3px rgba(0,0,0,.12); }
  h1 { font-size: 1.5rem; margin-top: 0; }
  table { width: 100%; border-collapse: collapse; }
  td, th { padding: .5rem 0; text-align: left; border-bottom: 1px solid rgba(127,127,127,.25); }
  td.num, th.num { text-align: right; }
  .total td { font-weight: 700; border-bottom: none; }
  .error { padding: .75rem 1rem; border-radius: 8px; background: #fdecea; color: #8a1c12; }
  label { display: block; margin: 1rem 0 .25rem; font-weight: 600; }
  input { width: 100%; box-sizing: border-box; padding: .6rem .75rem; font: inherit; border: 1px solid #9aa0a6; border-radius: 8px; }
  button, .button { display: inline-block; margin-top: 1.25rem; padding: .7rem 1.4rem; font: inherit; font-weight: 600; color: #fff; background: #116dff; border: none; border-radius: 999px; cursor: pointer; text-decoration: none; }
  .secondary { color: inherit; background: transparent; border: 1px solid #9aa0a6; margin-left: .5rem; }
  .muted { color: #5d6470; }
</style>
</head>
<body>
<header>Sandbox platform</header>
<main>
${body}
</main>
</body>
</html>`;
}
