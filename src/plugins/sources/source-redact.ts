/**
 * Masking credentials in source URLs, so a token never reaches a message, a log or a display.
 * @module
 */

// `scheme://userinfo@`: the userinfo stops at the first `/`, `@` or whitespace, never spanning a path.
// The lookbehind starts a scheme only at a word boundary, so a long run of letters is scanned once, not once per letter.
const USERINFO = /(?<![A-Za-z0-9+.-])([A-Za-z][A-Za-z0-9+.-]*:\/\/)([^/@\s]+)@/g;

/**
 * The text with the credentials of every URL in it replaced by `****`: any userinfo of an
 * `http(s)://` URL (`https://TOKEN@host`, `https://user:pass@host`), and a `user:password` pair in
 * other schemes (`ssh://git@host` keeps its user name). A userinfo holding a `${VAR}` placeholder
 * is kept: the service expands it from secrets, it is not a secret itself.
 */
export function redactSourceCredentials(text: string): string {
  return text.replace(USERINFO, (whole, scheme: string, userinfo: string) => {
    if (userinfo.includes('${')) return whole;
    const http = /^https?:\/\/$/i.test(scheme);
    if (!http && !userinfo.includes(':')) return whole;
    return `${scheme}****@`;
  });
}
