/**
 * Whether the host now serves another build of the console than the one running: its index.html
 * (served `no-cache`, docs/security.md) names another entry script. After a breaking contract
 * release whose backend shipped first, this page can only work once a new console is loaded: the
 * login page then offers the reload. Any failure (offline, a dev server) reads as "no".
 */
const MODULE_SCRIPT = /<script\b[^>]*\btype=["']?module["']?[^>]*>/gi;
const SRC = /\bsrc=["']?([^"'\s>]+)/i;

/** The module scripts' addresses in an HTML text, in order. */
export function moduleScriptsOf(html: string): string[] {
  return [...html.matchAll(MODULE_SCRIPT)]
    .map((tag) => SRC.exec(tag[0])?.[1])
    .filter((src): src is string => src !== undefined);
}

export async function hostServesAnotherBuild(
  doc: Pick<Document, 'querySelectorAll'> = document,
  fetchPage: (url: string) => Promise<Response> = (url) =>
    fetch(url, { cache: 'no-store', credentials: 'same-origin' }),
): Promise<boolean> {
  const running = [...doc.querySelectorAll('script[type="module"][src]')].map(
    (script) => script.getAttribute('src') ?? '',
  );
  if (running.length === 0) return false;
  try {
    const answer = await fetchPage('/');
    if (!answer.ok) return false;
    const served = moduleScriptsOf(await answer.text());
    return served.length > 0 && served[0] !== running[0];
  } catch {
    return false;
  }
}
