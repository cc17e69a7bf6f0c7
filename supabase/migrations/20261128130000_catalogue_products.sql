-- The catalogue as data (docs/decisions/0045-catalogue-in-the-database.md): products, their
-- colour variants with a SKU each, prices in cents, descriptions, specification sheets and
-- category, kept by staff while the shop runs instead of in the code. Stock stays per product and
-- colour in public.stock, keyed as before ("keyboards:1" and a colour), so every order, review,
-- stock row and shared link keeps pointing at the same product. The 54 products the shop sold
-- until now are the first rows, unchanged.

-- Products staff create later get ids from here, above every id the catalogue used so far.
CREATE SEQUENCE public.product_id_seq START WITH 1000;

CREATE TABLE public.products (
  category text NOT NULL CHECK (category IN ('keyboards', 'switches', 'accessories')),
  id integer NOT NULL DEFAULT nextval('public.product_id_seq') CHECK (id >= 0),
  -- "keyboards:1": what orders, reviews, stock and links name a product by; never changes.
  key text GENERATED ALWAYS AS (category || ':' || id::text) STORED UNIQUE,
  -- The product's address (lowercase words and hyphens); kept when the product is renamed.
  url_key text NOT NULL UNIQUE CHECK (url_key ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(url_key) <= 80),
  name text NOT NULL UNIQUE CHECK (name = btrim(name) AND length(name) BETWEEN 1 AND 120),
  description text NOT NULL DEFAULT '' CHECK (length(description) <= 4000),
  price_cents integer NOT NULL CHECK (price_cents BETWEEN 1 AND 10000000),
  -- The colour shown first; one of the product's variants (checked by the foreign key below).
  selected_color text NOT NULL,
  -- Ratings the catalogue started with (1 to 5), shown beside the shoppers' own.
  seed_ratings smallint[] NOT NULL DEFAULT '{}'
    CHECK (1 <= ALL (seed_ratings) AND 5 >= ALL (seed_ratings)),
  connectivity text CHECK (connectivity IN ('Wired', 'Wireless', 'Physical', 'USB', 'User choice')),
  -- A switch's type (Linear, Tactile, Clicky) or an accessory's kind (Storage, Comfort...).
  product_type text CHECK (product_type IN
    ('Linear', 'Tactile', 'Clicky', 'Storage', 'Comfort', 'Cleaning', 'Testing', 'Connectivity')),
  -- Which drawing stands for it while it has no photo: a keyboard's layout, an accessory's kind.
  drawing text CHECK (drawing ~ '^[a-z]+(-[a-z]+)*$'),
  -- The specification sheet (src/catalogue/specs/types.ts), without the category.
  specs jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(specs) = 'object'),
  -- draft: being prepared, staff only; published: in the shop; archived: gone from the shop, still
  -- named by old orders and reviews.
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'archived')),
  -- The order of the category's list before any sorting.
  position integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (category, id)
);

CREATE TABLE public.product_variants (
  product_key text NOT NULL REFERENCES public.products (key) ON DELETE CASCADE,
  color text NOT NULL CHECK (color = btrim(color) AND length(color) BETWEEN 1 AND 40),
  sku text NOT NULL UNIQUE CHECK (sku ~ '^[A-Z0-9]+(-[A-Z0-9]+)*$' AND length(sku) <= 40),
  position integer NOT NULL DEFAULT 0,
  PRIMARY KEY (product_key, color)
);

-- The default colour is always one of the variants; checked at commit, so a product and its
-- variants can be written in one transaction in any order.
ALTER TABLE public.products
  ADD CONSTRAINT products_selected_color_fkey FOREIGN KEY (key, selected_color)
  REFERENCES public.product_variants (product_key, color)
  DEFERRABLE INITIALLY DEFERRED;

CREATE INDEX products_status_position_idx ON public.products (status, category, position);
-- The catalogue as it was, published.
INSERT INTO public.products
  (category, id, url_key, name, description, price_cents, selected_color, seed_ratings,
   connectivity, product_type, drawing, specs, position)
VALUES
  ('keyboards', 1, 'mechanical-keyboard-pro', 'Mechanical Keyboard Pro',
   'A full-size board with a number pad, for people who type as much as they play. Every key is a mechanical switch with the same even feel from Escape to the arrow cluster, and the wired connection means nothing to charge and nothing to pair.',
   12000, 'Black', '{5,4,5,4}', 'Wired', NULL, 'full',
   '{"size":"Full","hotSwap":"5-pin","switchesFitted":"switches:8","keycapMaterial":"Double-shot PBT","keycapProfile":"Cherry","caseMaterial":"Aluminium","mount":"Gasket","connectivity":["Wired"],"batteryMah":null,"pollingRateHz":1000,"weightG":1250}', 1),
  ('keyboards', 2, 'gaming-keyboard-x', 'Gaming Keyboard X',
   'A tenkeyless gaming board: leaving out the number pad gives your mouse arm room for low-sensitivity flicks. Wired, so latency and battery levels never come into it.',
   15000, 'Green', '{5,4,5,5}', 'Wired', NULL, 'tkl',
   '{"size":"TKL","hotSwap":"5-pin","switchesFitted":"switches:9","keycapMaterial":"Double-shot PBT","keycapProfile":"Cherry","caseMaterial":"Aluminium","mount":"Top","connectivity":["Wired"],"batteryMah":null,"pollingRateHz":4000,"weightG":980}', 2),
  ('keyboards', 3, 'ergonomic-keyboard', 'Ergonomic Keyboard',
   'A split, gently curved layout that lets your wrists sit straight and your shoulders open instead of hunching over one narrow row of keys. Worth the week it takes to adjust if you type for hours every day.',
   10000, 'Black', '{4,4,4,4}', 'Wired', NULL, 'ergonomic',
   '{"size":"Split","hotSwap":null,"switchesFitted":"switches:8","keycapMaterial":"PBT","keycapProfile":"OEM","caseMaterial":"ABS plastic","mount":"Plate","connectivity":["Wired"],"batteryMah":null,"pollingRateHz":1000,"weightG":1100}', 3),
  ('keyboards', 4, 'wireless-keyboard', 'Wireless Keyboard',
   'A cable-free tenkeyless board for a clean desk, light enough to move to the couch and back. Full function row and arrow keys, without the number pad taking up space.',
   9000, 'White', '{4,3,4,5}', 'Wireless', NULL, 'tkl',
   '{"size":"TKL","hotSwap":null,"switchesFitted":"switches:8","keycapMaterial":"ABS","keycapProfile":"OEM","caseMaterial":"ABS plastic","mount":"Tray","connectivity":["Bluetooth"],"pollingRateHz":125,"batteryMah":2000,"weightG":690}', 4),
  ('keyboards', 105, 'compact-keyboard', 'Compact Keyboard',
   'A 65% layout that keeps the arrow keys but drops the function row and number pad, so it fits in a bag and leaves plenty of mouse room. Wireless, in Pink or Blue for a desk with some personality.',
   8000, 'Pink', '{4,5,4,4}', 'Wireless', NULL, 'compact',
   '{"size":"65%","hotSwap":"3-pin","switchesFitted":"switches:13","keycapMaterial":"PBT","keycapProfile":"XDA","caseMaterial":"Polycarbonate","mount":"Gasket","connectivity":["2.4 GHz","Bluetooth"],"pollingRateHz":1000,"batteryMah":3000,"weightG":620}', 5),
  ('keyboards', 106, 'rgb-gaming-keyboard', 'RGB Gaming Keyboard',
   'A full-size board with per-key RGB lighting shining through the legends: light up just your WASD cluster or the whole deck. Wired, so the lighting never costs you battery life.',
   13000, 'Black', '{5,4,5,5}', 'Wired', NULL, 'full',
   '{"size":"Full","hotSwap":"5-pin","switchesFitted":"switches:9","keycapMaterial":"Double-shot ABS","keycapProfile":"OEM","caseMaterial":"ABS plastic","mount":"Plate","connectivity":["Wired"],"batteryMah":null,"pollingRateHz":1000,"weightG":1150}', 6),
  ('keyboards', 107, 'mechanical-gaming-keyboard', 'Mechanical Gaming Keyboard',
   'A sturdy tenkeyless board tuned for gaming, with a solid case that does not flex or rattle when you hammer the keys. The compact footprint keeps your mouse close.',
   14000, 'Black', '{5,4,5,4}', 'Wired', NULL, 'tkl',
   '{"size":"TKL","hotSwap":"5-pin","switchesFitted":"switches:10","keycapMaterial":"Double-shot PBT","keycapProfile":"Cherry","caseMaterial":"Aluminium","mount":"Top","connectivity":["Wired"],"batteryMah":null,"pollingRateHz":1000,"weightG":1180}', 7),
  ('keyboards', 108, 'silent-keyboard', 'Silent Keyboard',
   'A full-size wireless board built to stay quiet: damped keystrokes with no click and no loud bottom-out, so late-night sessions and shared offices stay peaceful.',
   7000, 'Gray', '{4,4,4,3}', 'Wireless', NULL, 'full',
   '{"size":"Full","hotSwap":null,"switchesFitted":"switches:16","keycapMaterial":"PBT","keycapProfile":"OEM","caseMaterial":"ABS plastic","mount":"Gasket","connectivity":["2.4 GHz","Bluetooth"],"pollingRateHz":1000,"batteryMah":4000,"weightG":980}', 8),
  ('keyboards', 109, 'gaming-keyboard-elite', 'Gaming Keyboard Elite',
   'Our top full-size gaming board: a weighty case that stays put during intense matches and a full number pad for macros and MMO binds. Take it in Red if you want it to look as fast as it feels.',
   16000, 'Black', '{5,5,5,5}', 'Wired', NULL, 'full',
   '{"size":"Full","hotSwap":"5-pin","switchesFitted":"switches:9","keycapMaterial":"Double-shot PBT","keycapProfile":"Cherry","caseMaterial":"Aluminium","mount":"Gasket","connectivity":["Wired"],"batteryMah":null,"pollingRateHz":8000,"weightG":1650}', 9),
  ('keyboards', 110, 'mechanical-keyboard-lite', 'Mechanical Keyboard Lite',
   'A lighter take on our mechanical line: a wireless tenkeyless board in soft White or Gray. The same mechanical feel, with less weight and no cable.',
   11000, 'White', '{4,4,4,4}', 'Wireless', NULL, 'tkl',
   '{"size":"TKL","hotSwap":"3-pin","switchesFitted":"switches:8","keycapMaterial":"PBT","keycapProfile":"OEM","caseMaterial":"Polycarbonate","mount":"Tray","connectivity":["2.4 GHz","Bluetooth"],"pollingRateHz":1000,"batteryMah":2500,"weightG":640}', 10),
  ('keyboards', 111, 'gaming-keyboard-pro', 'Gaming Keyboard Pro',
   'A tournament-style tenkeyless board: a small footprint for your mouse, a full function row for binds, and a wired connection so there is nothing to charge between matches.',
   15000, 'Black', '{5,5,5,5}', 'Wired', NULL, 'tkl',
   '{"size":"TKL","hotSwap":"5-pin","switchesFitted":"switches:9","keycapMaterial":"Double-shot PBT","keycapProfile":"Cherry","caseMaterial":"Aluminium","mount":"Top","connectivity":["Wired"],"batteryMah":null,"pollingRateHz":8000,"weightG":1020}', 11),
  ('keyboards', 112, 'wireless-gaming-keyboard', 'Wireless Gaming Keyboard',
   'A tenkeyless gaming board without cable drag, for a clean setup and room to sweep your mouse. Charge it between sessions and play from the desk or the couch.',
   12000, 'Black', '{4,4,4,4}', 'Wireless', NULL, 'tkl',
   '{"size":"TKL","hotSwap":"5-pin","switchesFitted":"switches:9","keycapMaterial":"Double-shot PBT","keycapProfile":"Cherry","caseMaterial":"Steel-reinforced ABS","mount":"Plate","connectivity":["2.4 GHz"],"pollingRateHz":1000,"batteryMah":4000,"weightG":870}', 12),
  ('keyboards', 113, 'mechanical-keyboard-rgb', 'Mechanical Keyboard RGB',
   'A full-size mechanical board with RGB backlighting under every key, so you can read the legends in a dark room. In White, the glow spreads across the whole deck.',
   13000, 'Black', '{5,4,5,5}', 'Wired', NULL, 'full',
   '{"size":"Full","hotSwap":"5-pin","switchesFitted":"switches:17","keycapMaterial":"Double-shot ABS","keycapProfile":"OEM","caseMaterial":"Polycarbonate","mount":"Plate","connectivity":["Wired"],"batteryMah":null,"pollingRateHz":1000,"weightG":1120}', 13),
  ('keyboards', 114, 'compact-gaming-keyboard', 'Compact Gaming Keyboard',
   'A 65% gaming layout: no number pad or function row, but dedicated arrow keys, so your mouse gets the space it needs. Wireless and light enough to bring to a LAN party.',
   9000, 'Black', '{4,4,4,4}', 'Wireless', NULL, 'compact',
   '{"size":"65%","hotSwap":"5-pin","switchesFitted":"switches:9","keycapMaterial":"Double-shot PBT","keycapProfile":"Cherry","caseMaterial":"ABS plastic","mount":"Tray","connectivity":["2.4 GHz","Bluetooth"],"pollingRateHz":1000,"batteryMah":3000,"weightG":590}', 14),
  ('keyboards', 115, 'ergonomic-gaming-keyboard', 'Ergonomic Gaming Keyboard',
   'A split, curved gaming layout: set the halves shoulder-width apart and your wrists stay straight through long sessions. Wired, so there is nothing to charge.',
   11000, 'Gray', '{5,4,5,5}', 'Wired', NULL, 'ergonomic',
   '{"size":"Split","hotSwap":"5-pin","switchesFitted":"switches:10","keycapMaterial":"PBT","keycapProfile":"Cherry","caseMaterial":"ABS plastic","mount":"Plate","connectivity":["Wired"],"batteryMah":null,"pollingRateHz":1000,"weightG":1050}', 15),
  ('keyboards', 116, 'wireless-mechanical-keyboard', 'Wireless Mechanical Keyboard',
   'A full-size mechanical board, number pad included, with no cable to route. For people who want the whole layout and the full mechanical feel on a tidy desk.',
   14000, 'Black', '{5,5,5,5}', 'Wireless', NULL, 'full',
   '{"size":"Full","hotSwap":"5-pin","switchesFitted":"switches:205","keycapMaterial":"Double-shot PBT","keycapProfile":"Cherry","caseMaterial":"Aluminium","mount":"Gasket","connectivity":["2.4 GHz","Bluetooth"],"pollingRateHz":1000,"batteryMah":4000,"weightG":1300}', 16),
  ('keyboards', 117, 'gaming-keyboard-rgb', 'Gaming Keyboard RGB',
   'A tenkeyless gaming board with vivid per-key RGB to match the rest of your setup. The smaller footprint frees space for wide mouse movements.',
   13000, 'Black', '{5,4,5,5}', 'Wired', NULL, 'tkl',
   '{"size":"TKL","hotSwap":"5-pin","switchesFitted":"switches:9","keycapMaterial":"Double-shot ABS","keycapProfile":"OEM","caseMaterial":"ABS plastic","mount":"Plate","connectivity":["Wired"],"batteryMah":null,"pollingRateHz":1000,"weightG":890}', 17),
  ('keyboards', 118, 'mechanical-gaming-keyboard-pro', 'Mechanical Gaming Keyboard Pro',
   'The flagship of our mechanical gaming line: full size with a number pad, a rigid case that stays put under heavy presses, and a wired connection for consistent response in every match.',
   16000, 'Black', '{5,5,5,5}', 'Wired', NULL, 'full',
   '{"size":"Full","hotSwap":"5-pin","switchesFitted":"switches:207","keycapMaterial":"Double-shot PBT","keycapProfile":"Cherry","caseMaterial":"Aluminium","mount":"Top","connectivity":["Wired"],"batteryMah":null,"pollingRateHz":8000,"weightG":1700}', 18),
  ('keyboards', 119, 'wireless-compact-keyboard', 'Wireless Compact Keyboard',
   'A small 65% board that travels well: wireless, with the arrow keys kept and the number pad and function row left out. Pink or Blue, for a desk that does not have to be black.',
   8000, 'Pink', '{4,4,4,4}', 'Wireless', NULL, 'compact',
   '{"size":"65%","hotSwap":"3-pin","switchesFitted":"switches:13","keycapMaterial":"PBT","keycapProfile":"XDA","caseMaterial":"Polycarbonate","mount":"Tray","connectivity":["Bluetooth"],"pollingRateHz":125,"batteryMah":2000,"weightG":560}', 19),
  ('switches', 205, 'blue-switch', 'Blue Switch',
   'A clicky tactile switch: a crisp bump halfway down and an audible click confirm every keypress. Loved by typists, less so by whoever sits next to you.',
   300, 'Blue', '{5,4,5,4}', NULL, 'Clicky', NULL,
   '{"actuationForceGf":50,"bottomOutForceGf":60,"preTravelMm":2.2,"totalTravelMm":4,"pins":3,"stemMaterial":"POM","housingMaterial":"Polycarbonate top, nylon bottom","factoryLubed":false,"sound":"Click"}', 20),
  ('switches', 206, 'teal-switch', 'Teal Switch',
   'A pronounced, rounded tactile bump without the click, on a medium-weight spring that rewards a confident press. Feedback on every key, without the noise.',
   400, 'Teal', '{5,4,5,5}', NULL, 'Tactile', NULL,
   '{"actuationForceGf":55,"bottomOutForceGf":67,"preTravelMm":2,"totalTravelMm":4,"pins":5,"stemMaterial":"POM","housingMaterial":"Nylon","factoryLubed":true,"sound":"Thock"}', 21),
  ('switches', 207, 'black-switch', 'Black Switch',
   'A heavier linear switch: smooth from top to bottom with no bump, and a stronger spring that resists accidental presses. Good if you rest your fingers on the keys.',
   100, 'Black', '{4,4,4,4}', NULL, 'Linear', NULL,
   '{"actuationForceGf":60,"bottomOutForceGf":80,"preTravelMm":2,"totalTravelMm":4,"pins":3,"stemMaterial":"POM","housingMaterial":"Nylon","factoryLubed":false,"sound":"Clack"}', 22),
  ('switches', 8, 'brown-switch', 'Brown Switch',
   'A light tactile switch with a gentle bump near the actuation point and no click. A quiet all-rounder for typing and gaming alike.',
   250, 'Brown', '{4,3,4,5}', NULL, 'Tactile', NULL,
   '{"actuationForceGf":45,"bottomOutForceGf":55,"preTravelMm":2,"totalTravelMm":4,"pins":3,"stemMaterial":"POM","housingMaterial":"Polycarbonate top, nylon bottom","factoryLubed":false,"sound":"Soft"}', 23),
  ('switches', 9, 'red-switch', 'Red Switch',
   'A light, smooth linear switch: no bump, no click and little force needed, so fast double-taps and rapid inputs come naturally. A gaming staple.',
   200, 'Red', '{4,3,4,5}', NULL, 'Linear', NULL,
   '{"actuationForceGf":45,"bottomOutForceGf":62,"preTravelMm":2,"totalTravelMm":4,"pins":3,"stemMaterial":"POM","housingMaterial":"Polycarbonate top, nylon bottom","factoryLubed":true,"sound":"Clack"}', 24),
  ('switches', 10, 'yellow-switch', 'Yellow Switch',
   'A smooth linear switch on a medium spring, between a light Red and a heavy Black: quick to press without being so light that you trigger keys by accident.',
   250, 'Yellow', '{4,3,4,5}', NULL, 'Linear', NULL,
   '{"actuationForceGf":50,"bottomOutForceGf":67,"preTravelMm":2,"totalTravelMm":4,"pins":5,"stemMaterial":"POM","housingMaterial":"Polycarbonate top, nylon bottom","factoryLubed":true,"sound":"Thock"}', 25),
  ('switches', 11, 'clear-switch', 'Clear Switch',
   'A heavy tactile switch with a strong, rounded bump, in a translucent housing that lets backlighting shine through. For typists who like a firm, deliberate press.',
   300, 'Clear', '{5,4,5,4}', NULL, 'Tactile', NULL,
   '{"actuationForceGf":65,"bottomOutForceGf":85,"preTravelMm":2,"totalTravelMm":4,"pins":3,"stemMaterial":"POM","housingMaterial":"Polycarbonate (translucent)","factoryLubed":false,"sound":"Crisp"}', 26),
  ('switches', 12, 'pure-green-switch', 'Pure Green Switch',
   'A firm tactile switch with a sharp bump that marks actuation clearly, in a green housing. For typists who want certainty on every keystroke.',
   300, 'Green', '{5,4,5,4}', NULL, 'Tactile', NULL,
   '{"actuationForceGf":70,"bottomOutForceGf":80,"preTravelMm":1.8,"totalTravelMm":3.8,"pins":5,"stemMaterial":"POM","housingMaterial":"Polycarbonate top, nylon bottom","factoryLubed":false,"sound":"Crisp"}', 27),
  ('switches', 13, 'pink-switch', 'Pink Switch',
   'A light tactile switch with a soft, early bump, in a pink housing. Easy on the fingers through long typing sessions.',
   300, 'Pink', '{5,4,5,4}', NULL, 'Tactile', NULL,
   '{"actuationForceGf":40,"bottomOutForceGf":50,"preTravelMm":1.8,"totalTravelMm":3.6,"pins":3,"stemMaterial":"POM","housingMaterial":"Polycarbonate","factoryLubed":true,"sound":"Soft"}', 28),
  ('switches', 14, 'yellow-switch-plus', 'Yellow Switch Plus',
   'The tactile take on our Yellow: the same medium weight with a small bump added at the top of the travel, so you feel each press register.',
   300, 'Yellow', '{5,4,5,4}', NULL, 'Tactile', NULL,
   '{"actuationForceGf":50,"bottomOutForceGf":67,"preTravelMm":2,"totalTravelMm":4,"pins":5,"stemMaterial":"POM","housingMaterial":"Polycarbonate top, nylon bottom","factoryLubed":true,"sound":"Thock"}', 29),
  ('switches', 15, 'pure-black-switch', 'Pure Black Switch',
   'A weighty tactile switch in an all-black housing: a firm spring and a well-defined bump for a controlled, deliberate keystroke.',
   300, 'Black', '{5,4,5,4}', NULL, 'Tactile', NULL,
   '{"actuationForceGf":67,"bottomOutForceGf":80,"preTravelMm":2,"totalTravelMm":4,"pins":5,"stemMaterial":"POM","housingMaterial":"Nylon","factoryLubed":true,"sound":"Thock"}', 30),
  ('switches', 16, 'dull-switch', 'Dull Switch',
   'A muted tactile switch with a soft, damped bump and a low, quiet sound, for offices and late nights where a clack would be too much.',
   300, 'Dull', '{5,4,5,4}', NULL, 'Tactile', NULL,
   '{"actuationForceGf":50,"bottomOutForceGf":62,"preTravelMm":2,"totalTravelMm":3.5,"pins":5,"stemMaterial":"POM with silicone dampers","housingMaterial":"Nylon","factoryLubed":true,"sound":"Muted"}', 31),
  ('switches', 17, 'gold-switch', 'Gold Switch',
   'A tactile switch with a crisp bump and a gold-tinted housing that catches the light under RGB. A distinctive touch for a showpiece build.',
   300, 'Gold', '{5,4,5,4}', NULL, 'Tactile', NULL,
   '{"actuationForceGf":55,"bottomOutForceGf":63,"preTravelMm":2,"totalTravelMm":4,"pins":5,"stemMaterial":"POM","housingMaterial":"Polycarbonate (gold tint)","factoryLubed":true,"sound":"Crisp"}', 32),
  ('switches', 18, 'joker-switch', 'Joker Switch',
   'A tactile switch with a purple-and-green housing that gives a build a playful accent, and a snappy bump that keeps typing lively.',
   300, 'Joker', '{5,4,5,4}', NULL, 'Tactile', NULL,
   '{"actuationForceGf":55,"bottomOutForceGf":65,"preTravelMm":1.9,"totalTravelMm":3.8,"pins":5,"stemMaterial":"POM","housingMaterial":"Polycarbonate top, nylon bottom","factoryLubed":true,"sound":"Crisp"}', 33),
  ('switches', 19, 'special-pumpkin-switch', 'Special Pumpkin Switch',
   'A special-edition tactile switch in a pumpkin-orange housing with a green stem; a rounded bump and a full, deep sound.',
   300, 'Pumpkin', '{5,4,5,4}', NULL, 'Tactile', NULL,
   '{"actuationForceGf":62,"bottomOutForceGf":68,"preTravelMm":2,"totalTravelMm":4,"pins":5,"stemMaterial":"POM","housingMaterial":"Nylon","factoryLubed":true,"sound":"Thock"}', 34),
  ('switches', 20, 'special-blueberry-switch', 'Special Blueberry Switch',
   'A special-edition tactile switch in a deep blueberry-purple housing; a smooth, rounded bump and a soft sound make long typing sessions pleasant.',
   300, 'Blueberry', '{5,4,5,4}', NULL, 'Tactile', NULL,
   '{"actuationForceGf":55,"bottomOutForceGf":63,"preTravelMm":2,"totalTravelMm":4,"pins":5,"stemMaterial":"POM","housingMaterial":"Polycarbonate top, nylon bottom","factoryLubed":true,"sound":"Soft"}', 35),
  ('accessories', 200, 'mechanical-keyboard-cleaner-kit', 'Mechanical Keyboard Cleaner Kit',
   'Brushes, a keycap puller and a cloth to get dust, crumbs and hair out from between the switches. A few minutes every month keeps the keys feeling like new.',
   1000, 'Standard', '{5,4,5,4}', 'Physical', NULL, 'cleaner-kit',
   '{"material":"Nylon bristles, stainless steel, microfibre","weightG":85,"contents":"Two brushes, a wire keycap puller, a microfibre cloth"}', 36),
  ('accessories', 201, 'headset-stand', 'Headset stand',
   'Keeps your headset off the desk and its headband in shape, on a weighted base that does not tip when you grab it mid-match.',
   3000, 'Black', '{5,4,5,5}', 'Physical', 'Storage', 'headset-stand',
   '{"material":"Aluminium with a weighted steel base","weightG":620,"dimensionsMm":{"length":120,"width":120,"height":270},"maxLoadKg":1}', 37),
  ('accessories', 202, 'keyboard-wrist-rest', 'Keyboard Wrist Rest',
   'A padded rest that brings your wrists level with the keycaps, so they do not bend upward while you type through a long session.',
   1500, 'Black', '{4,4,4,4}', 'Physical', 'Comfort', 'wrist-rest',
   '{"material":"Memory foam, Lycra cover, rubber base","weightG":240,"dimensionsMm":{"length":440,"width":90,"height":22}}', 38),
  ('accessories', 203, 'keyboard-case', 'Keyboard Case',
   'A padded carry case that protects a keyboard and its cable in a bag, on the way to a LAN party or the office.',
   2000, 'White', '{4,3,4,5}', 'User choice', 'Storage', 'case',
   '{"material":"EVA shell, padded polyester lining","weightG":480,"dimensionsMm":{"length":480,"width":170,"height":55},"fits":"Full-size, tenkeyless and compact keyboards with their cable"}', 39),
  ('accessories', 204, 'switch-puller', 'Switch Puller',
   'A tweezer-style tool that pinches the clips of a switch on a hot-swap board so it lifts straight out of its socket without bending the pins.',
   500, 'Standard', '{5,4,5,4}', 'Physical', 'Cleaning', 'switch-puller',
   '{"material":"Stainless steel","weightG":18,"dimensionsMm":{"length":110,"width":12,"height":10}}', 40),
  ('accessories', 205, 'keycap-puller', 'Keycap Puller',
   'A wire puller that hooks under a keycap on two sides and lifts it straight off the stem without scratching the case, for cleaning or a new keycap set.',
   500, 'Standard', '{5,4,5,4}', 'Physical', 'Cleaning', 'keycap-puller',
   '{"material":"Stainless steel wire, ABS handle","weightG":12,"dimensionsMm":{"length":95,"width":25,"height":10}}', 41),
  ('accessories', 206, 'switch-tester', 'Switch Tester',
   'A small board of different switches side by side, so you can feel linear, tactile and clicky switches before choosing the ones for your build.',
   1000, 'Standard', '{5,4,5,4}', 'Physical', 'Testing', 'switch-tester',
   '{"material":"Acrylic base","weightG":140,"dimensionsMm":{"length":150,"width":55,"height":35},"switchCount":9}', 42),
  ('accessories', 208, 'cable', 'Cable',
   'A braided keyboard cable: flexible, tangle-resistant and long enough to route neatly behind the desk.',
   600, 'Standard', '{5,4,5,4}', 'Wired', 'Connectivity', 'cable',
   '{"material":"Braided nylon over TPE","weightG":75,"lengthM":1.8,"connector":"USB-C to USB-A"}', 43),
  ('accessories', 209, 'mousepad', 'Mousepad',
   'A large cloth mousepad with a smooth, even glide and a rubber base that stays put, with room for a low-sensitivity mouse arm.',
   2000, 'Standard', '{5,4,5,4}', 'Physical', 'Comfort', 'mousepad',
   '{"material":"Cloth top, natural rubber base","weightG":520,"dimensionsMm":{"length":900,"width":400,"height":4}}', 44),
  ('accessories', 210, 'mouse', 'Mouse',
   'A simple, light USB mouse with a comfortable shape: plug it in next to your new keyboard and play.',
   1000, 'Standard', '{5,4,5,4}', 'USB', 'Connectivity', 'mouse',
   '{"material":"ABS plastic","weightG":68,"sensorDpi":12000,"buttons":6,"connector":"USB-A","lengthM":1.8}', 45),
  ('accessories', 211, 'headset', 'Headset',
   'A wired over-ear gaming headset, so your team hears your callouts and you hear every footstep.',
   4000, 'Standard', '{5,4,5,4}', 'Wired', 'Connectivity', 'headset',
   '{"material":"Steel headband, protein-leather ear cushions","weightG":310,"driverMm":50,"connector":"3.5 mm jack","lengthM":2}', 46),
  ('accessories', 212, 'monitor', 'Monitor',
   'A compact monitor to complete a desk setup: a second screen for chat, guides or a stream beside your game.',
   8000, 'Standard', '{5,4,5,4}', 'Physical', 'Connectivity', 'monitor',
   '{"material":"Plastic housing, steel stand","weightG":3200,"dimensionsMm":{"length":540,"width":180,"height":410},"screenSizeIn":24,"resolution":"1920 × 1080","refreshRateHz":144,"connector":"HDMI, DisplayPort"}', 47),
  ('accessories', 213, 'keyboard-stand', 'Keyboard Stand',
   'A display stand that holds a keyboard at an angle, to show off a finished build or keep a spare board off the desk.',
   3500, 'Standard', '{5,4,5,4}', 'Physical', 'Storage', 'keyboard-stand',
   '{"material":"Clear acrylic","weightG":350,"dimensionsMm":{"length":460,"width":120,"height":90},"fits":"Keyboards up to full size"}', 48),
  ('accessories', 215, 'monitor-stand', 'Monitor Stand',
   'A riser that lifts your monitor towards eye level and frees the space underneath for a keyboard you are not using.',
   2500, 'Standard', '{5,4,5,4}', 'Physical', 'Storage', 'monitor-stand',
   '{"material":"Bamboo top, steel legs","weightG":2100,"dimensionsMm":{"length":600,"width":240,"height":100},"maxLoadKg":20}', 49),
  ('accessories', 216, 'cable-management-clip', 'Cable Management Clip',
   'Adhesive clips that hold cables along the edge of the desk, so your keyboard cable stays put and chargers do not slip behind the desk.',
   600, 'Standard', '{5,4,5,4}', 'Physical', 'Storage', 'cable-clip',
   '{"material":"Silicone with adhesive backing","weightG":30,"packCount":10,"fits":"Cables up to 7 mm across"}', 50),
  ('accessories', 217, 'cable-management-sleeve', 'Cable Management Sleeve',
   'A zip-up sleeve that gathers the cables running from desk to floor into one neat bundle.',
   1000, 'Standard', '{5,4,5,4}', 'Physical', 'Storage', 'cable-sleeve',
   '{"material":"Neoprene with a zip","weightG":90,"lengthM":1,"fits":"Up to 6 cables, 40 mm bundle"}', 51),
  ('accessories', 218, 'cable-management-box', 'Cable Management Box',
   'A box that hides a power strip and its spare cable; the cords leave through slots at either end and the clutter stays out of sight.',
   1200, 'Standard', '{5,4,5,4}', 'Physical', 'Storage', 'cable-box',
   '{"material":"ABS plastic","weightG":850,"dimensionsMm":{"length":400,"width":155,"height":135},"fits":"A power strip up to 330 mm long"}', 52),
  ('accessories', 219, 'braided-cable-sleeve', 'Braided Cable Sleeve',
   'A woven, expandable sleeve that bundles several cables into one flexible run and matches a braided keyboard cable.',
   1000, 'Standard', '{5,4,5,4}', 'Physical', 'Storage', 'cable-sleeve',
   '{"material":"Braided PET","weightG":60,"lengthM":3,"fits":"Bundles from 10 to 25 mm across"}', 53),
  ('accessories', 220, 'cable-management-tray', 'Cable Management Tray',
   'A tray that mounts under the desk and carries power strips and cable runs out of sight and off the floor.',
   1200, 'Standard', '{5,4,5,4}', 'Physical', 'Storage', 'cable-tray',
   '{"material":"Powder-coated steel","weightG":1200,"dimensionsMm":{"length":600,"width":135,"height":105},"maxLoadKg":8}', 54);

INSERT INTO public.product_variants (product_key, color, sku, position)
VALUES
  ('keyboards:1', 'Black', 'KB-1-BLACK', 1),
  ('keyboards:1', 'White', 'KB-1-WHITE', 2),
  ('keyboards:1', 'Red', 'KB-1-RED', 3),
  ('keyboards:2', 'Black', 'KB-2-BLACK', 1),
  ('keyboards:2', 'Blue', 'KB-2-BLUE', 2),
  ('keyboards:2', 'Green', 'KB-2-GREEN', 3),
  ('keyboards:3', 'Gray', 'KB-3-GRAY', 1),
  ('keyboards:3', 'Black', 'KB-3-BLACK', 2),
  ('keyboards:4', 'White', 'KB-4-WHITE', 1),
  ('keyboards:4', 'Black', 'KB-4-BLACK', 2),
  ('keyboards:105', 'Pink', 'KB-105-PINK', 1),
  ('keyboards:105', 'Blue', 'KB-105-BLUE', 2),
  ('keyboards:106', 'Black', 'KB-106-BLACK', 1),
  ('keyboards:106', 'White', 'KB-106-WHITE', 2),
  ('keyboards:107', 'Black', 'KB-107-BLACK', 1),
  ('keyboards:107', 'Blue', 'KB-107-BLUE', 2),
  ('keyboards:108', 'Gray', 'KB-108-GRAY', 1),
  ('keyboards:108', 'Black', 'KB-108-BLACK', 2),
  ('keyboards:109', 'Black', 'KB-109-BLACK', 1),
  ('keyboards:109', 'Red', 'KB-109-RED', 2),
  ('keyboards:110', 'White', 'KB-110-WHITE', 1),
  ('keyboards:110', 'Gray', 'KB-110-GRAY', 2),
  ('keyboards:111', 'Black', 'KB-111-BLACK', 1),
  ('keyboards:111', 'Blue', 'KB-111-BLUE', 2),
  ('keyboards:112', 'Black', 'KB-112-BLACK', 1),
  ('keyboards:112', 'White', 'KB-112-WHITE', 2),
  ('keyboards:113', 'Black', 'KB-113-BLACK', 1),
  ('keyboards:113', 'White', 'KB-113-WHITE', 2),
  ('keyboards:114', 'Black', 'KB-114-BLACK', 1),
  ('keyboards:114', 'Blue', 'KB-114-BLUE', 2),
  ('keyboards:115', 'Gray', 'KB-115-GRAY', 1),
  ('keyboards:115', 'Black', 'KB-115-BLACK', 2),
  ('keyboards:116', 'Black', 'KB-116-BLACK', 1),
  ('keyboards:116', 'White', 'KB-116-WHITE', 2),
  ('keyboards:117', 'Black', 'KB-117-BLACK', 1),
  ('keyboards:117', 'White', 'KB-117-WHITE', 2),
  ('keyboards:118', 'Black', 'KB-118-BLACK', 1),
  ('keyboards:118', 'Blue', 'KB-118-BLUE', 2),
  ('keyboards:119', 'Pink', 'KB-119-PINK', 1),
  ('keyboards:119', 'Blue', 'KB-119-BLUE', 2),
  ('switches:205', 'Blue', 'SW-205-BLUE', 1),
  ('switches:206', 'Teal', 'SW-206-TEAL', 1),
  ('switches:207', 'Black', 'SW-207-BLACK', 1),
  ('switches:8', 'Brown', 'SW-8-BROWN', 1),
  ('switches:9', 'Red', 'SW-9-RED', 1),
  ('switches:10', 'Yellow', 'SW-10-YELLOW', 1),
  ('switches:11', 'Clear', 'SW-11-CLEAR', 1),
  ('switches:12', 'Green', 'SW-12-GREEN', 1),
  ('switches:13', 'Pink', 'SW-13-PINK', 1),
  ('switches:14', 'Yellow', 'SW-14-YELLOW', 1),
  ('switches:15', 'Black', 'SW-15-BLACK', 1),
  ('switches:16', 'Dull', 'SW-16-DULL', 1),
  ('switches:17', 'Gold', 'SW-17-GOLD', 1),
  ('switches:18', 'Joker', 'SW-18-JOKER', 1),
  ('switches:19', 'Pumpkin', 'SW-19-PUMPKIN', 1),
  ('switches:20', 'Blueberry', 'SW-20-BLUEBERRY', 1),
  ('accessories:200', 'Standard', 'AC-200-STANDARD', 1),
  ('accessories:201', 'Black', 'AC-201-BLACK', 1),
  ('accessories:202', 'Black', 'AC-202-BLACK', 1),
  ('accessories:203', 'White', 'AC-203-WHITE', 1),
  ('accessories:203', 'Black', 'AC-203-BLACK', 2),
  ('accessories:204', 'Standard', 'AC-204-STANDARD', 1),
  ('accessories:205', 'Standard', 'AC-205-STANDARD', 1),
  ('accessories:206', 'Standard', 'AC-206-STANDARD', 1),
  ('accessories:208', 'Standard', 'AC-208-STANDARD', 1),
  ('accessories:209', 'Standard', 'AC-209-STANDARD', 1),
  ('accessories:210', 'Standard', 'AC-210-STANDARD', 1),
  ('accessories:211', 'Standard', 'AC-211-STANDARD', 1),
  ('accessories:212', 'Standard', 'AC-212-STANDARD', 1),
  ('accessories:213', 'Standard', 'AC-213-STANDARD', 1),
  ('accessories:215', 'Standard', 'AC-215-STANDARD', 1),
  ('accessories:216', 'Standard', 'AC-216-STANDARD', 1),
  ('accessories:217', 'Standard', 'AC-217-STANDARD', 1),
  ('accessories:218', 'Standard', 'AC-218-STANDARD', 1),
  ('accessories:219', 'Standard', 'AC-219-STANDARD', 1),
  ('accessories:220', 'Standard', 'AC-220-STANDARD', 1);

UPDATE public.products SET status = 'published';

-- Checked now, so the tables can be altered further below in this transaction.
SET CONSTRAINTS public.products_selected_color_fkey IMMEDIATE;

-- What the storefront reads: a product with its variants in order. security_invoker: the reader's
-- own rights and row-level security apply, so shoppers see published products only.
CREATE VIEW public.catalogue_products
  WITH (security_invoker = true)
  AS
  SELECT
    p.key, p.category, p.id, p.url_key, p.name, p.description, p.price_cents, p.selected_color,
    p.seed_ratings, p.connectivity, p.product_type, p.drawing, p.specs, p.status, p.position,
    p.updated_at,
    coalesce(
      (SELECT jsonb_agg(jsonb_build_object('color', v.color, 'sku', v.sku)
                        ORDER BY v.position, v.color)
       FROM public.product_variants v
       WHERE v.product_key = p.key),
      '[]'::jsonb
    ) AS variants
  FROM public.products p;

-- Every change keeps its time, which the storefront's caches and the sitemap read.
CREATE FUNCTION public.touch_product()
  RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = ''
  AS $$
  BEGIN
    NEW.updated_at := now();
    RETURN NEW;
  END;
  $$;

CREATE TRIGGER products_touch
  BEFORE UPDATE ON public.products
  FOR EACH ROW
  EXECUTE FUNCTION public.touch_product();

-- A change of a row naming a product (a variant; later a photo) is a change of that product.
CREATE FUNCTION public.touch_product_of_row()
  RETURNS trigger
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path = ''
  AS $$
  BEGIN
    UPDATE public.products SET updated_at = now()
    WHERE key IN (
      (CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE NEW.product_key END),
      (CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE OLD.product_key END)
    );
    RETURN NULL;
  END;
  $$;

CREATE TRIGGER product_variants_touch
  AFTER INSERT OR UPDATE OR DELETE ON public.product_variants
  FOR EACH ROW
  EXECUTE FUNCTION public.touch_product_of_row();

-- Every change by staff is in the audit log with the row before and after.
ALTER TABLE public.staff_audit_log ADD COLUMN product_key text;
CREATE INDEX staff_audit_log_product_key_idx ON public.staff_audit_log (product_key, at)
  WHERE product_key IS NOT NULL;

CREATE FUNCTION public.audit_catalogue_change()
  RETURNS trigger
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path = ''
  AS $$
  DECLARE
    before_row jsonb := CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE to_jsonb(OLD) END;
    after_row jsonb := CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE to_jsonb(NEW) END;
    subject text := CASE TG_TABLE_NAME
      WHEN 'products' THEN 'product'
      WHEN 'product_photos' THEN 'photo'
      ELSE 'variant'
    END;
  BEGIN
    -- updated_at alone moving (a variant touched its product) is no change of its own.
    IF TG_OP = 'UPDATE' AND (before_row - 'updated_at') = (after_row - 'updated_at') THEN
      RETURN NULL;
    END IF;
    INSERT INTO public.staff_audit_log (staff_id, staff_email, action, product_key, before, after)
    VALUES (
      (SELECT auth.uid()),
      (SELECT auth.jwt()) ->> 'email',
      subject || '.' || lower(TG_OP),
      coalesce(after_row, before_row) ->> (CASE subject WHEN 'product' THEN 'key' ELSE 'product_key' END),
      before_row,
      after_row
    );
    RETURN NULL;
  END;
  $$;

CREATE TRIGGER products_audit
  AFTER INSERT OR UPDATE OR DELETE ON public.products
  FOR EACH ROW
  EXECUTE FUNCTION public.audit_catalogue_change();

CREATE TRIGGER product_variants_audit
  AFTER INSERT OR UPDATE OR DELETE ON public.product_variants
  FOR EACH ROW
  EXECUTE FUNCTION public.audit_catalogue_change();

-- Anyone reads published products; staff read every product and write them. Nobody deletes a
-- product through the data API: archiving keeps it for old orders and reviews.
ALTER TABLE public.products ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.product_variants ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.products, public.product_variants, public.catalogue_products
  FROM PUBLIC, anon, authenticated;
REVOKE ALL ON SEQUENCE public.product_id_seq FROM PUBLIC, anon, authenticated;
GRANT SELECT ON TABLE public.products, public.product_variants, public.catalogue_products
  TO anon, authenticated;
GRANT INSERT, UPDATE ON TABLE public.products TO authenticated;
GRANT INSERT, UPDATE, DELETE ON TABLE public.product_variants TO authenticated;
GRANT USAGE ON SEQUENCE public.product_id_seq TO authenticated;

CREATE POLICY "Anyone reads published products"
  ON public.products
  FOR SELECT
  TO anon, authenticated
  USING (status = 'published');

CREATE POLICY "Staff read every product"
  ON public.products
  FOR SELECT
  TO authenticated
  USING ((SELECT public.is_staff()));

CREATE POLICY "Staff add products"
  ON public.products
  FOR INSERT
  TO authenticated
  WITH CHECK ((SELECT public.is_staff()));

CREATE POLICY "Staff change products"
  ON public.products
  FOR UPDATE
  TO authenticated
  USING ((SELECT public.is_staff()))
  WITH CHECK ((SELECT public.is_staff()));

CREATE POLICY "Anyone reads the variants of published products"
  ON public.product_variants
  FOR SELECT
  TO anon, authenticated
  USING (
    EXISTS (
      SELECT 1 FROM public.products p
      WHERE p.key = product_variants.product_key AND p.status = 'published'
    )
  );

CREATE POLICY "Staff read every variant"
  ON public.product_variants
  FOR SELECT
  TO authenticated
  USING ((SELECT public.is_staff()));

CREATE POLICY "Staff add variants"
  ON public.product_variants
  FOR INSERT
  TO authenticated
  WITH CHECK ((SELECT public.is_staff()));

CREATE POLICY "Staff change variants"
  ON public.product_variants
  FOR UPDATE
  TO authenticated
  USING ((SELECT public.is_staff()))
  WITH CHECK ((SELECT public.is_staff()));

CREATE POLICY "Staff remove variants"
  ON public.product_variants
  FOR DELETE
  TO authenticated
  USING ((SELECT public.is_staff()));

-- A colour staff add starts with no units: stock is counted, never assumed. (The server's start
-- gives 50 units only to variants that have no stock row at all, i.e. the first catalogue.)
CREATE FUNCTION public.stock_for_new_variant()
  RETURNS trigger
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path = ''
  AS $$
  BEGIN
    INSERT INTO public.stock (product_key, color, on_hand)
    VALUES (NEW.product_key, NEW.color, 0)
    ON CONFLICT (product_key, color) DO NOTHING;
    RETURN NULL;
  END;
  $$;

CREATE TRIGGER product_variants_stock
  AFTER INSERT ON public.product_variants
  FOR EACH ROW
  EXECUTE FUNCTION public.stock_for_new_variant();

-- Saves a product and its colours in one transaction, as the back office's editor does: a new
-- product when `key` is absent, else the product with that key, only if nobody changed it since
-- `expected_updated_at` (when given). The colours given replace the product's: listed ones are
-- added or updated in that order, others removed. Security invoker: row-level security decides,
-- so only staff get past the first write. Answers the saved row of public.catalogue_products.
CREATE FUNCTION public.save_product(product jsonb)
  RETURNS jsonb
  LANGUAGE plpgsql
  SECURITY INVOKER
  SET search_path = ''
  AS $$
  DECLARE
    saved_key text;
    variants jsonb := product -> 'variants';
    variant jsonb;
    n integer := 0;
  BEGIN
    -- Row-level security refuses anyone else's writes anyway; this says so in words first.
    IF NOT (SELECT public.is_staff()) THEN
      RAISE EXCEPTION 'Only staff change the catalogue.' USING ERRCODE = '42501';
    END IF;
    IF jsonb_typeof(variants) IS DISTINCT FROM 'array' OR jsonb_array_length(variants) = 0 THEN
      RAISE EXCEPTION 'A product needs at least one colour.' USING ERRCODE = '22023';
    END IF;
    IF NOT EXISTS (
      SELECT 1 FROM jsonb_array_elements(variants) v WHERE v ->> 'color' = product ->> 'selected_color'
    ) THEN
      RAISE EXCEPTION 'The default colour must be one of the product''s colours.'
        USING ERRCODE = '22023';
    END IF;
    IF product ->> 'key' IS NULL THEN
      INSERT INTO public.products
        (category, url_key, name, description, price_cents, selected_color, seed_ratings,
         connectivity, product_type, drawing, specs, status, position)
      VALUES (
        product ->> 'category',
        product ->> 'url_key',
        product ->> 'name',
        coalesce(product ->> 'description', ''),
        (product ->> 'price_cents')::integer,
        product ->> 'selected_color',
        '{}',
        product ->> 'connectivity',
        product ->> 'product_type',
        product ->> 'drawing',
        coalesce(product -> 'specs', '{}'),
        coalesce(product ->> 'status', 'draft'),
        coalesce((product ->> 'position')::integer,
                 (SELECT coalesce(max(p.position), 0) + 1 FROM public.products p))
      )
      RETURNING key INTO saved_key;
    ELSE
      UPDATE public.products p SET
        url_key = product ->> 'url_key',
        name = product ->> 'name',
        description = coalesce(product ->> 'description', ''),
        price_cents = (product ->> 'price_cents')::integer,
        selected_color = product ->> 'selected_color',
        connectivity = product ->> 'connectivity',
        product_type = product ->> 'product_type',
        drawing = product ->> 'drawing',
        specs = coalesce(product -> 'specs', '{}'),
        status = coalesce(product ->> 'status', p.status)
      WHERE p.key = product ->> 'key'
        AND (product ->> 'expected_updated_at' IS NULL
             OR p.updated_at = (product ->> 'expected_updated_at')::timestamptz)
      RETURNING p.key INTO saved_key;
      IF saved_key IS NULL THEN
        IF EXISTS (SELECT 1 FROM public.products p WHERE p.key = product ->> 'key') THEN
          RAISE EXCEPTION 'Someone changed % since you opened it: reload it and try again.',
            (SELECT p.name FROM public.products p WHERE p.key = product ->> 'key')
            USING ERRCODE = '40001';
        END IF;
        RAISE EXCEPTION 'There is no product %.', product ->> 'key' USING ERRCODE = 'P0002';
      END IF;
      DELETE FROM public.product_variants v
      WHERE v.product_key = saved_key
        AND v.color NOT IN (SELECT e ->> 'color' FROM jsonb_array_elements(variants) e);
    END IF;
    FOR variant IN SELECT e FROM jsonb_array_elements(variants) e LOOP
      n := n + 1;
      INSERT INTO public.product_variants AS v (product_key, color, sku, position)
      VALUES (saved_key, variant ->> 'color', variant ->> 'sku', n)
      ON CONFLICT (product_key, color) DO UPDATE
        SET sku = excluded.sku, position = excluded.position
        WHERE (v.sku, v.position) IS DISTINCT FROM (excluded.sku, excluded.position);
    END LOOP;
    RETURN (SELECT to_jsonb(c) FROM public.catalogue_products c WHERE c.key = saved_key);
  END;
  $$;

REVOKE ALL ON FUNCTION public.save_product(jsonb) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.save_product(jsonb) TO authenticated;

-- The products' CSV import (docs/product.md, Back office page): every planned change saved as
-- save_product does, in ONE transaction, so a file is imported whole or not at all (a product
-- changed meanwhile by someone else refuses the whole file). Answers how many were saved.
CREATE FUNCTION public.import_products(products jsonb)
  RETURNS integer
  LANGUAGE plpgsql
  SECURITY INVOKER
  SET search_path = ''
  AS $$
  DECLARE
    item jsonb;
    n integer := 0;
  BEGIN
    IF jsonb_typeof(products) IS DISTINCT FROM 'array' THEN
      RAISE EXCEPTION 'products must be a list.' USING ERRCODE = '22023';
    END IF;
    FOR item IN SELECT e FROM jsonb_array_elements(products) e LOOP
      IF item ->> 'key' IS NULL THEN
        RAISE EXCEPTION 'The import changes existing products only.' USING ERRCODE = '22023';
      END IF;
      PERFORM public.save_product(item);
      n := n + 1;
    END LOOP;
    RETURN n;
  END;
  $$;

REVOKE ALL ON FUNCTION public.import_products(jsonb) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.import_products(jsonb) TO authenticated;
