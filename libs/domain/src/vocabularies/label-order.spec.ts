import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareLabels, foldLabel } from './label-order';

describe('label order', () => {
  it('folds case, accents and spacing', () => {
    expect(foldLabel('  São   Tomé ')).toBe('sao tome');
    expect(foldLabel('Türkiye')).toBe('turkiye');
  });

  it('folds any text as the Unicode decomposition does, ASCII or not', () => {
    const unicodeFold = (label: string) =>
      label.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim().replace(/\s+/g, ' ');
    const pieces = fc.constantFrom(' ', '\t', '\n', '\u00a0', 'São', 'É', 'e\u0301', 'ß', 'İ', 'React', 'C#');
    fc.assert(
      fc.property(
        fc.array(fc.oneof(pieces, fc.string(), fc.string({ unit: 'grapheme' })), { maxLength: 8 }),
        (parts) => {
          const label = parts.join('');
          expect(foldLabel(label)).toBe(unicodeFold(label));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('sorts alphabetically regardless of case and accents', () => {
    const labels = ['Zambia', 'saas', 'São Tomé and Príncipe', 'Senegal', 'SaaS', 'apple', 'Banana'];
    expect([...labels].sort(compareLabels)).toEqual([
      'apple',
      'Banana',
      'SaaS',
      'saas',
      'São Tomé and Príncipe',
      'Senegal',
      'Zambia',
    ]);
  });

  it('orders only equal labels as equal', () => {
    expect(compareLabels('React', 'React')).toBe(0);
    expect(compareLabels('React', 'react')).not.toBe(0);
    expect(Math.sign(compareLabels('React', 'react'))).toBe(-Math.sign(compareLabels('react', 'React')));
  });
});
