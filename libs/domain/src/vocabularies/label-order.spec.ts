import { describe, expect, it } from 'vitest';
import { compareLabels, foldLabel } from './label-order';

describe('label order', () => {
  it('folds case, accents and spacing', () => {
    expect(foldLabel('  São   Tomé ')).toBe('sao tome');
    expect(foldLabel('Türkiye')).toBe('turkiye');
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
