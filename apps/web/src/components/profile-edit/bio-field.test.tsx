import { LIMITS } from '@campus/contract';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, expect, it } from 'vitest';
import { BioField } from './bio-field.tsx';

afterEach(cleanup);

function Bio() {
  const [bio, setBio] = useState('');
  return <BioField label="Bio" value={bio} onChange={setBio} />;
}

// A keystroke past the limit, which leaves the state as it was, must still not show: React puts a
// controlled field back to its state after every change.
it('shows no more than the limit, also when a keystroke past it changes nothing', () => {
  render(<Bio />);
  const box = screen.getByLabelText('Bio') as HTMLTextAreaElement;
  const full = 'a'.repeat(LIMITS.bioMax);
  fireEvent.input(box, { target: { value: full } });
  expect(box.value).toBe(full);
  fireEvent.input(box, { target: { value: `${full}b` } });
  expect(box.value).toBe(full);
  expect(screen.getByText(`${LIMITS.bioMax} / ${LIMITS.bioMax}`)).toBeTruthy();
});
