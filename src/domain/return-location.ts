/**
 * Where sign-in leads. A signed-out visit or a session that ended keeps the location asked for (the
 * sign-in page's `redirect` search parameter); once signed in, the person lands there if it is a
 * page of the console, else on the dashboard. One rule for the boot page and the router's sign-in.
 */

/** The sign-in page's search parameter that names where to go next (TanStack Router's own pattern). */
export const RETURN_PARAM = 'redirect';

/** Where sign-in leads when no location was asked for, or one that is not followed. */
export const HOME_PATH = '/admin/dashboard';

/** Times a path is decoded before it is refused: a location encoded deeper than this hides something. */
const MAX_DECODINGS = 3;

/** A page of the console: /admin itself or below it, and nothing that could leave it or climb out of it. */
function isConsolePath(path: string): boolean {
  if (!/^\/admin(\/|$)/.test(path)) return false;
  // A backslash (a browser reads it as a slash), two slashes (protocol-relative), spaces and controls (dropped by URL parsers).
  if (/[\\\s\p{Cc}]/u.test(path) || path.includes('//')) return false;
  return !path.split('/').some((segment) => segment === '.' || segment === '..');
}

/**
 * Whether a requested location (a path inside the console's hash, with its search and hash) is
 * followed after sign-in: a path under /admin, its search and hash kept; no scheme, no `//`, no
 * backslash, no `.` or `..` segment, nor any of those percent-encoded (once or more).
 */
export function isFollowable(requested: unknown): requested is string {
  if (typeof requested !== 'string') return false;
  const end = requested.search(/[?#]/);
  let path = end === -1 ? requested : requested.slice(0, end);
  for (let decodings = 0; ; decodings++) {
    if (!isConsolePath(path)) return false;
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return false;
    }
    if (decoded === path) return true;
    if (decodings === MAX_DECODINGS) return false;
    path = decoded;
  }
}

/** Where sign-in leads for a requested location: that location when it is followed, else the dashboard. */
export function returnLocation(requested: unknown): string {
  return isFollowable(requested) ? requested : HOME_PATH;
}
