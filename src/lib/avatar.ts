import { EXTERNAL_LINKS } from './constants';

/**
 * Background colours for initials avatars. Each gives white text a contrast of at least 4.5:1
 * (WCAG AA for normal text); tests/unit/avatar.test.ts checks every one.
 */
export const AVATAR_COLOURS = [
  '#1d4ed8', // blue
  '#0f766e', // teal
  '#15803d', // green
  '#4d7c0f', // olive
  '#a16207', // amber
  '#c2410c', // orange
  '#b91c1c', // red
  '#be185d', // pink
  '#a21caf', // fuchsia
  '#7e22ce', // purple
  '#4338ca', // indigo
  '#0369a1', // sky
  '#475569', // slate
  '#57534e', // stone
] as const;

function normalise(email: string): string {
  return email.trim().toLowerCase();
}

/** FNV-1a (32 bits) of a text's UTF-16 code units: a spread, not a secret. */
function spread(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** The same email always gets the same colour (no cryptographic hash needed to pick one). */
export function avatarColour(email: string): string {
  return AVATAR_COLOURS[spread(normalise(email)) % AVATAR_COLOURS.length]!;
}

/** SHA-256 of a text (UTF-8), as hex, by the browser's Web Crypto. */
async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The avatar service's picture, keyed by the SHA-256 of the trimmed, lower-cased email. */
export async function avatarUrl(email: string, size = 64): Promise<string> {
  return `${EXTERNAL_LINKS.avatar}${await sha256Hex(normalise(email))}?d=identicon&s=${size}`;
}

/** "ada.lovelace@x" → "AL", "frank@x" → "F"; anything without letters or digits → "?". */
export function initialsOf(email: string): string {
  const local = normalise(email).split('@')[0] ?? '';
  const parts = local.split(/[._\-+\s]+/).filter((part) => /[\p{L}\p{N}]/u.test(part));
  const letters = parts
    .slice(0, 2)
    .map((part) => Array.from(part.replace(/[^\p{L}\p{N}]/gu, ''))[0] ?? '')
    .join('');
  return letters ? letters.toUpperCase() : '?';
}

/** WCAG relative luminance of a #rrggbb colour. */
export function relativeLuminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** WCAG contrast ratio of two #rrggbb colours. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (hi + 0.05) / (lo + 0.05);
}
