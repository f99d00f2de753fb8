/** Longest token the console keeps (a stored or linked value beyond this is not a token). */
const MAX_TOKEN_LENGTH = 4096;

/**
 * A session token the browser can send: `fetch` refuses header values with control characters
 * (newline, NUL) or characters beyond Latin-1, so such a token would make every request fail before
 * it is sent. Visible ASCII only (RFC 6750's token characters are a subset).
 */
export function isSendableToken(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length > 0 &&
    value.length <= MAX_TOKEN_LENGTH &&
    /^[\x21-\x7e]+$/.test(value)
  );
}
