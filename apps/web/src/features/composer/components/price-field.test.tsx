import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { expect, it } from 'vitest';
import { PRICE_TEXTS, PriceField } from './price-field.tsx';

function Price() {
  const [price, setPrice] = useState('');
  return <PriceField value={price} onChange={setPrice} />;
}

// React puts a controlled field back to its state after every change: what the box refuses
// (letters, cents) never shows, also when the state does not change at all.
it('shows only whole dollars, also when a keystroke changes nothing', () => {
  render(<Price />);
  const box = screen.getByLabelText(PRICE_TEXTS.label) as HTMLInputElement;
  fireEvent.input(box, { target: { value: 'abc' } });
  expect(box.value).toBe('');
  fireEvent.input(box, { target: { value: '1200' } });
  expect(box.value).toBe('1,200');
  fireEvent.input(box, { target: { value: '1,200x' } });
  expect(box.value).toBe('1,200');
  fireEvent.input(box, { target: { value: '1,200.50' } });
  expect(box.value).toBe('1,200');
});
