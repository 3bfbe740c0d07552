import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubMatchMedia } from '../../testing/match-media';
import { renderWithProviders } from '../../testing/render';
import { LandscapeOverlay } from './landscape-overlay';

/** A screen with these media features: a query matches when every part of it is one of them. */
function screenWith(...features: string[]) {
  stubMatchMedia((query) => query.split(' and ').every((part) => features.includes(part.trim())));
}

const SHORT_AND_WIDE = ['(orientation: landscape)', '(max-height: 500px)'];

describe('LandscapeOverlay', () => {
  it('asks a phone held sideways to turn back to portrait', () => {
    screenWith(...SHORT_AND_WIDE, '(pointer: coarse)');
    renderWithProviders(<LandscapeOverlay />);
    expect(screen.getByRole('alertdialog', { name: 'Rotate your device' }).textContent).toBe(
      'Please rotate your device to portrait mode',
    );
  });

  it('leaves a short, wide desktop window alone', () => {
    screenWith(...SHORT_AND_WIDE, '(pointer: fine)');
    renderWithProviders(<LandscapeOverlay />);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('leaves a phone in portrait alone', () => {
    screenWith('(orientation: portrait)', '(pointer: coarse)');
    renderWithProviders(<LandscapeOverlay />);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
