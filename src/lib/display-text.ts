/**
 * Explicit bidirectional controls (embeddings, overrides, isolates: U+202A–U+202E, U+2066–U+2069)
 * let a string reorder the text around it, or make `\u202Eelpmaxe.live@ecila` read as
 * "alice@evil.example". Names and emails are shown without them (the stored value is unchanged).
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

export function displayText(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}
