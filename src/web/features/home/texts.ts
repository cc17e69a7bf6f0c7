// Every user-facing text of the home page (docs/product.md, Home), word for word.
export const HOME_TEXT = {
  title: 'Find Your Perfect Gaming Keyboard',
  tagline: 'Custom mechanical keyboards for every gamer and enthusiast.',
  shopNow: 'Shop Now',
  sections: [
    {
      id: 'keyboards',
      title: 'Keyboards',
      text: 'Discover the latest mechanical keyboards designed for gamers and professionals.',
      action: 'Browse Keyboards',
      href: '/keyboard',
    },
    {
      id: 'switches',
      title: 'Mechanical Switches',
      text: 'Choose from a variety of switches to customize your typing experience.',
      action: 'Explore Switches',
      href: '/switches',
    },
    {
      id: 'accessories',
      title: 'Keyboard Accessories',
      text: 'Enhance your setup with high-quality keyboard accessories.',
      action: 'Shop Accessories',
      href: '/accessories',
    },
  ],
} as const;

export type HomeSectionId = (typeof HOME_TEXT.sections)[number]['id'];
