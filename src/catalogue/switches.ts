import { defineProducts } from './define.ts';
import type { Switch } from './types.ts';

/** The 16 switches: one colour each, the colour of the housing. */
export const switches: readonly Switch[] = /* @__PURE__ */ defineProducts<Switch>('switches', [
  {
    id: 205,
    name: 'Blue Switch',
    description:
      'A clicky tactile switch: a crisp bump halfway down and an audible click confirm every keypress. Loved by typists, less so by whoever sits next to you.',
    price: 3,
    availableColors: ['Blue'],
    selectedColor: 'Blue',
    reviews: [5, 4, 5, 4],
    type: 'Clicky',
  },
  {
    id: 206,
    name: 'Teal Switch',
    description:
      'A pronounced, rounded tactile bump without the click, on a medium-weight spring that rewards a confident press. Feedback on every key, without the noise.',
    price: 4,
    availableColors: ['Teal'],
    selectedColor: 'Teal',
    reviews: [5, 4, 5, 5],
    type: 'Tactile',
  },
  {
    id: 207,
    name: 'Black Switch',
    description:
      'A heavier linear switch: smooth from top to bottom with no bump, and a stronger spring that resists accidental presses. Good if you rest your fingers on the keys.',
    price: 1,
    availableColors: ['Black'],
    selectedColor: 'Black',
    reviews: [4, 4, 4, 4],
    type: 'Linear',
  },
  {
    id: 8,
    name: 'Brown Switch',
    description:
      'A light tactile switch with a gentle bump near the actuation point and no click. A quiet all-rounder for typing and gaming alike.',
    price: 2.5,
    availableColors: ['Brown'],
    selectedColor: 'Brown',
    reviews: [4, 3, 4, 5],
    type: 'Tactile',
  },
  {
    id: 9,
    name: 'Red Switch',
    description:
      'A light, smooth linear switch: no bump, no click and little force needed, so fast double-taps and rapid inputs come naturally. A gaming staple.',
    price: 2,
    availableColors: ['Red'],
    selectedColor: 'Red',
    reviews: [4, 3, 4, 5],
    type: 'Linear',
  },
  {
    id: 10,
    name: 'Yellow Switch',
    description:
      'A smooth linear switch on a medium spring, between a light Red and a heavy Black: quick to press without being so light that you trigger keys by accident.',
    price: 2.5,
    availableColors: ['Yellow'],
    selectedColor: 'Yellow',
    reviews: [4, 3, 4, 5],
    type: 'Linear',
  },
  {
    id: 11,
    name: 'Clear Switch',
    description:
      'A heavy tactile switch with a strong, rounded bump, in a translucent housing that lets backlighting shine through. For typists who like a firm, deliberate press.',
    price: 3,
    availableColors: ['Clear'],
    selectedColor: 'Clear',
    reviews: [5, 4, 5, 4],
    type: 'Tactile',
  },
  {
    id: 12,
    name: 'Pure Green Switch',
    description:
      'A firm tactile switch with a sharp bump that marks actuation clearly, in a green housing. For typists who want certainty on every keystroke.',
    price: 3,
    availableColors: ['Green'],
    selectedColor: 'Green',
    reviews: [5, 4, 5, 4],
    type: 'Tactile',
  },
  {
    id: 13,
    name: 'Pink Switch',
    description:
      'A light tactile switch with a soft, early bump, in a pink housing. Easy on the fingers through long typing sessions.',
    price: 3,
    availableColors: ['Pink'],
    selectedColor: 'Pink',
    reviews: [5, 4, 5, 4],
    type: 'Tactile',
  },
  {
    id: 14,
    name: 'Yellow Switch Plus',
    description:
      'The tactile take on our Yellow: the same medium weight with a small bump added at the top of the travel, so you feel each press register.',
    price: 3,
    availableColors: ['Yellow'],
    selectedColor: 'Yellow',
    reviews: [5, 4, 5, 4],
    type: 'Tactile',
  },
  {
    id: 15,
    name: 'Pure Black Switch',
    description:
      'A weighty tactile switch in an all-black housing: a firm spring and a well-defined bump for a controlled, deliberate keystroke.',
    price: 3,
    availableColors: ['Black'],
    selectedColor: 'Black',
    reviews: [5, 4, 5, 4],
    type: 'Tactile',
  },
  {
    id: 16,
    name: 'Dull Switch',
    description:
      'A muted tactile switch with a soft, damped bump and a low, quiet sound, for offices and late nights where a clack would be too much.',
    price: 3,
    availableColors: ['Dull'],
    selectedColor: 'Dull',
    reviews: [5, 4, 5, 4],
    type: 'Tactile',
  },
  {
    id: 17,
    name: 'Gold Switch',
    description:
      'A tactile switch with a crisp bump and a gold-tinted housing that catches the light under RGB. A distinctive touch for a showpiece build.',
    price: 3,
    availableColors: ['Gold'],
    selectedColor: 'Gold',
    reviews: [5, 4, 5, 4],
    type: 'Tactile',
  },
  {
    id: 18,
    name: 'Joker Switch',
    description:
      'A tactile switch with a purple-and-green housing that gives a build a playful accent, and a snappy bump that keeps typing lively.',
    price: 3,
    availableColors: ['Joker'],
    selectedColor: 'Joker',
    reviews: [5, 4, 5, 4],
    type: 'Tactile',
  },
  {
    id: 19,
    name: 'Special Pumpkin Switch',
    description:
      'A special-edition tactile switch in a pumpkin-orange housing with a green stem; a rounded bump and a full, deep sound.',
    price: 3,
    availableColors: ['Pumpkin'],
    selectedColor: 'Pumpkin',
    reviews: [5, 4, 5, 4],
    type: 'Tactile',
  },
  {
    id: 20,
    name: 'Special Blueberry Switch',
    description:
      'A special-edition tactile switch in a deep blueberry-purple housing; a smooth, rounded bump and a soft sound make long typing sessions pleasant.',
    price: 3,
    availableColors: ['Blueberry'],
    selectedColor: 'Blueberry',
    reviews: [5, 4, 5, 4],
    type: 'Tactile',
  },
]);
