import { describe, expect, it } from 'vitest';
import { displayText } from '../../src/lib/display-text';

describe('names as shown', () => {
  it('shows names without bidi embeddings, overrides or isolates', () => {
    expect(displayText('\u202Eelpmaxe.live@ecila')).toBe('elpmaxe.live@ecila');
    expect(displayText('a\u2066b\u2069c\u202Ad\u202Ce')).toBe('abcde');
    expect(displayText('שלום Frank')).toBe('שלום Frank');
  });
});
