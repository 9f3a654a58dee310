import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConditionTag, EditedMark, PriceTag } from './post-tags.tsx';

describe('listing tags (docs/product/selling.md)', () => {
  it('strikes the old price through beside the new one after a drop, and only then', () => {
    const { container, rerender } = render(<PriceTag priceCents={4500} previousPriceCents={6000} />);
    expect(container.textContent).toBe('Price: $45Was $60');
    expect(container.querySelector('s')?.textContent).toBe('Was $60');
    rerender(<PriceTag priceCents={4500} previousPriceCents={null} />);
    expect(container.querySelector('s')).toBeNull();
  });

  it('names the condition, and nothing when none was given', () => {
    const { container, rerender } = render(<ConditionTag condition="like new" />);
    expect(container.textContent).toBe('Condition: Like new');
    rerender(<ConditionTag condition={null} />);
    expect(container.textContent).toBe('');
  });

  it('says Edited only for an edited listing', () => {
    const { rerender } = render(<EditedMark editedAt="2026-11-01T10:00:00.000Z" />);
    expect(screen.getByText('Edited')).toBeTruthy();
    rerender(<EditedMark editedAt={null} />);
    expect(screen.queryByText('Edited')).toBeNull();
  });
});
