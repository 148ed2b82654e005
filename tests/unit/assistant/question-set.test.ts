import { describe, expect, it } from 'vitest';
import { measure } from './question-set';

describe('measure', () => {
  const cases = [
    { q: 'capital?', answers: ['frenchCapital'] },
    { q: 'a question no entry answers yet', answers: ['#missing:foreignFounder'] },
    { q: 'the weather', answers: [] },
  ];

  it('counts a #missing question as answerable, and a miss whatever the answer', () => {
    const report = measure('en', cases, (question) =>
      question.answers[0]?.startsWith('#missing:') ? ['#missing:foreignFounder'] : (question.answers ?? []),
    );
    expect(report.answerable).toBe(2);
    expect(report.top1).toBe(1);
    expect(report.top3).toBe(1);
    expect(report.refused).toBe(1);
    expect(report.misses.map(({ q }) => q)).toEqual(['a question no entry answers yet']);
  });

  it('counts an answer to an unanswerable question as a miss', () => {
    const report = measure('en', cases, () => ['frenchCapital']);
    expect(report.refused).toBe(0);
    expect(report.misses.map(({ q }) => q)).toContain('the weather');
  });
});
