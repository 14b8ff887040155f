/** 'https://tours.example' for 'https://tours.example/' or 'HTTPS://Tours.Example:443'; null for anything with a path, query or credentials. */
export function parseOrigin(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return null;
  return url.origin;
}
