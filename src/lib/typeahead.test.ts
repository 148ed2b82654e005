import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TYPEAHEAD_RESET_MS, createTypeaheadBuffer, findTypeaheadMatch } from './typeahead';

const LANGUAGES = ['Français', 'English', 'Română'];
const FR = 0;
const EN = 1;
const RO = 2;

describe('findTypeaheadMatch', () => {
  it('finds the item that starts with the typed letter', () => {
    expect(findTypeaheadMatch(LANGUAGES, 'e', FR)).toBe(EN);
    expect(findTypeaheadMatch(LANGUAGES, 'r', FR)).toBe(RO);
  });

  it('ignores case', () => {
    expect(findTypeaheadMatch(LANGUAGES, 'E', FR)).toBe(EN);
    expect(findTypeaheadMatch(LANGUAGES, 'RO', FR)).toBe(RO);
  });

  it('ignores accents on either side', () => {
    expect(findTypeaheadMatch(LANGUAGES, 'roman', FR)).toBe(RO);
    expect(findTypeaheadMatch(LANGUAGES, 'româ', FR)).toBe(RO);
    expect(findTypeaheadMatch(LANGUAGES, 'francais', EN)).toBe(FR);
  });

  it('matches several typed letters as a prefix, starting from the focused item', () => {
    expect(findTypeaheadMatch(LANGUAGES, 'fr', FR)).toBe(FR);
    expect(findTypeaheadMatch(LANGUAGES, 'en', EN)).toBe(EN);
    expect(findTypeaheadMatch(LANGUAGES, 'ro', FR)).toBe(RO);
  });

  it('moves past the focused item on a single letter, wrapping around to the start', () => {
    expect(findTypeaheadMatch(LANGUAGES, 'f', RO)).toBe(FR);
    expect(findTypeaheadMatch(LANGUAGES, 'e', RO)).toBe(EN);
  });

  it('stays on the only match when its letter is typed again', () => {
    expect(findTypeaheadMatch(LANGUAGES, 'e', EN)).toBe(EN);
    expect(findTypeaheadMatch(LANGUAGES, 'ee', EN)).toBe(EN);
  });

  it('cycles through the items that start with a repeated letter', () => {
    const labels = ['Română', 'English', 'Rusă', 'Español'];
    expect(findTypeaheadMatch(labels, 'r', 0)).toBe(2);
    expect(findTypeaheadMatch(labels, 'rr', 2)).toBe(0);
    expect(findTypeaheadMatch(labels, 'rrr', 0)).toBe(2);
    expect(findTypeaheadMatch(labels, 'e', 1)).toBe(3);
    expect(findTypeaheadMatch(labels, 'ee', 3)).toBe(1);
  });

  it('returns -1 when nothing matches', () => {
    expect(findTypeaheadMatch(LANGUAGES, 'x', FR)).toBe(-1);
    expect(findTypeaheadMatch(LANGUAGES, 'enx', FR)).toBe(-1);
    expect(findTypeaheadMatch(LANGUAGES, 'fe', FR)).toBe(-1);
  });

  it('returns -1 for nothing typed or no items', () => {
    expect(findTypeaheadMatch(LANGUAGES, '', FR)).toBe(-1);
    expect(findTypeaheadMatch([], 'e', 0)).toBe(-1);
  });
});

describe('createTypeaheadBuffer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('clears after 350 ms, as the spec says', () => {
    expect(TYPEAHEAD_RESET_MS).toBe(350);
  });

  it('adds up letters typed in quick succession', () => {
    const buffer = createTypeaheadBuffer();
    expect(buffer.push('r')).toBe('r');
    vi.advanceTimersByTime(200);
    expect(buffer.push('o')).toBe('ro');
    vi.advanceTimersByTime(349);
    expect(buffer.push('m')).toBe('rom');
  });

  it('starts a new search after 350 ms of quiet', () => {
    const buffer = createTypeaheadBuffer();
    buffer.push('r');
    buffer.push('o');
    vi.advanceTimersByTime(TYPEAHEAD_RESET_MS);
    expect(buffer.push('e')).toBe('e');
  });

  it('measures the quiet from the last letter typed', () => {
    const buffer = createTypeaheadBuffer();
    buffer.push('r');
    vi.advanceTimersByTime(300);
    buffer.push('o');
    vi.advanceTimersByTime(300);
    expect(buffer.push('m')).toBe('rom');
  });

  it('starts over at once when cleared', () => {
    const buffer = createTypeaheadBuffer();
    buffer.push('r');
    buffer.clear();
    expect(buffer.push('e')).toBe('e');
  });

  it('accepts another delay', () => {
    const buffer = createTypeaheadBuffer(1000);
    buffer.push('r');
    vi.advanceTimersByTime(999);
    expect(buffer.push('o')).toBe('ro');
    vi.advanceTimersByTime(1000);
    expect(buffer.push('e')).toBe('e');
  });
});
