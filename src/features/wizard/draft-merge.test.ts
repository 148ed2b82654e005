import { describe, expect, it } from 'vitest';
import { jsonEqual, mergeDrafts } from './draft-merge';

describe('jsonEqual', () => {
  it('compares primitives by value and type', () => {
    expect(jsonEqual(1, 1)).toBe(true);
    expect(jsonEqual('a', 'a')).toBe(true);
    expect(jsonEqual(null, null)).toBe(true);
    expect(jsonEqual(1, '1')).toBe(false);
    expect(jsonEqual(0, false)).toBe(false);
    expect(jsonEqual(null, {})).toBe(false);
    expect(jsonEqual(undefined, null)).toBe(false);
  });

  it('ignores keys whose value is undefined, on either side', () => {
    expect(jsonEqual({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(jsonEqual({ a: 1 }, { a: 1, b: undefined })).toBe(true);
    expect(jsonEqual({ a: undefined }, {})).toBe(true);
    expect(jsonEqual({ a: 1, b: undefined }, { a: 1, c: 2 })).toBe(false);
  });

  it('compares objects key by key whatever the order of the keys', () => {
    expect(jsonEqual({ a: 1, b: 'x' }, { b: 'x', a: 1 })).toBe(true);
    expect(jsonEqual({ a: 1, b: 'x' }, { a: 1, b: 'y' })).toBe(false);
    expect(jsonEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    // Same number of keys, not the same keys.
    expect(jsonEqual({ a: 1, b: 2 }, { a: 1, c: 2 })).toBe(false);
  });

  it('compares arrays element by element, in order', () => {
    expect(jsonEqual([1, 2, 3], [1, 2, 3])).toBe(true);
    expect(jsonEqual([1, 2, 3], [3, 2, 1])).toBe(false);
    expect(jsonEqual([1, 2], [1, 2, 3])).toBe(false);
    expect(jsonEqual([], [])).toBe(true);
    // An array is not an object with numeric keys.
    expect(jsonEqual([1], { 0: 1 })).toBe(false);
    expect(jsonEqual({}, [])).toBe(false);
  });

  it('compares nested lists of objects deeply', () => {
    const subscribers = () => [
      { name: 'Ana', shares: 60, extra: undefined },
      { name: 'Ion', shares: 40, address: { city: 'Cluj' } },
    ];
    expect(jsonEqual({ subscribers: subscribers() }, { subscribers: subscribers() })).toBe(true);

    const changed = subscribers();
    changed[1] = { name: 'Ion', shares: 40, address: { city: 'Iași' } };
    expect(jsonEqual({ subscribers: subscribers() }, { subscribers: changed })).toBe(false);
  });
});

describe('mergeDrafts', () => {
  const base = { companyName: 'Kreo', shareCapital: 1000, numberOfShares: 100 };

  it('keeps a field changed here when the other side left it alone', () => {
    const mine = { ...base, companyName: 'Kreo SAS' };
    const theirs = { ...base };

    expect(mergeDrafts(base, mine, theirs)).toEqual({ ...base, companyName: 'Kreo SAS' });
  });

  it('takes a field changed elsewhere when this side left it alone', () => {
    const mine = { ...base };
    const theirs = { ...base, shareCapital: 5000 };

    expect(mergeDrafts(base, mine, theirs)).toEqual({ ...base, shareCapital: 5000 });
  });

  it('combines different fields changed on each side', () => {
    const mine = { ...base, companyName: 'Kreo SAS' };
    const theirs = { ...base, shareCapital: 5000, presidentName: 'Ana Pop' };

    expect(mergeDrafts(base, mine, theirs)).toEqual({
      companyName: 'Kreo SAS',
      shareCapital: 5000,
      numberOfShares: 100,
      presidentName: 'Ana Pop',
    });
  });

  it('keeps this side when both changed the same field', () => {
    const mine = { ...base, companyName: 'Mine' };
    const theirs = { ...base, companyName: 'Theirs' };

    expect(mergeDrafts(base, mine, theirs).companyName).toBe('Mine');
  });

  it('merges a list as one field: a change inside it here wins over the base', () => {
    const start = { subscribers: [{ name: 'Ana', shares: 100 }] };
    const mine = {
      subscribers: [
        { name: 'Ana', shares: 60 },
        { name: 'Ion', shares: 40 },
      ],
    };
    const theirs = { subscribers: [{ name: 'Ana', shares: 100 }], companyName: 'Kreo' };

    expect(mergeDrafts(start, mine, theirs)).toEqual({ ...mine, companyName: 'Kreo' });
  });

  it('drops a key removed elsewhere that this side did not touch', () => {
    const mine = { ...base };
    const { numberOfShares: _removed, ...theirs } = base;

    const merged = mergeDrafts(base, mine, theirs);
    expect(merged).not.toHaveProperty('numberOfShares');
    expect(merged).toEqual({ companyName: 'Kreo', shareCapital: 1000 });
  });

  it('drops a key removed here that the other side did not touch', () => {
    const { companyName: _removed, ...mine } = base;
    const theirs = { ...base, shareCapital: 2000 };

    const merged = mergeDrafts(base, mine, theirs);
    expect(merged).not.toHaveProperty('companyName');
    expect(merged).toEqual({ shareCapital: 2000, numberOfShares: 100 });
  });

  it('keeps a key removed here even if changed elsewhere (this side wins), and a key added elsewhere', () => {
    const { companyName: _removed, ...mine } = base;
    const theirs = { ...base, companyName: 'Renamed', durationYears: 50 };

    const merged = mergeDrafts(base, mine, theirs);
    expect(merged).not.toHaveProperty('companyName');
    expect(merged.durationYears).toBe(50);
  });

  it('never writes undefined values into the result', () => {
    const merged = mergeDrafts({ a: 1 }, { a: undefined }, { a: 1, b: undefined });
    expect(Object.keys(merged)).toEqual([]);
  });

  it('returns the other side unchanged when nothing was edited here', () => {
    const theirs = { companyName: 'Other', subscribers: [{ name: 'Ion' }] };
    expect(mergeDrafts(base, { ...base }, theirs)).toEqual(theirs);
  });
});
