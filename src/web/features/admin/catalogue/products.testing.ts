// Test set-up of the catalogue editor's component tests: products saved on the real server through
// public.save_product with a staff member's own clients (as the editor saves them, so row-level
// security and the audit log apply), and hash navigation.
import type { SessionStore } from '../../../lib/session.ts';
import { saveProduct, type ProductPayload, type ProductRow } from './api.ts';

let n = 0;

/** Goes to a hash route as a link or Back would. */
export function go(hash: string) {
  window.history.replaceState(null, '', hash);
  window.dispatchEvent(new HashChangeEvent('hashchange'));
}

/** A cable (an accessory with a short sheet), named uniquely unless `name` is given. */
export async function seedProduct(
  staff: SessionStore,
  product: Partial<ProductPayload> = {},
): Promise<ProductRow> {
  const tag = `${++n}-${Date.now()}`;
  const payload: ProductPayload = {
    category: 'accessories',
    url_key: `test-cable-${tag}`,
    name: `Test Cable ${tag}`,
    description: 'A cable for the tests.',
    price_cents: 999,
    selected_color: 'Black',
    connectivity: 'Wired',
    product_type: 'Connectivity',
    drawing: 'cable',
    specs: { material: 'Braided nylon', weightG: 50, lengthM: 2, connector: 'USB-C to USB-A' },
    status: 'draft',
    variants: [
      { color: 'Black', sku: `TC-${tag}-BLACK` },
      { color: 'White', sku: `TC-${tag}-WHITE` },
    ],
    ...product,
  };
  const saved = await saveProduct(await staff.backend(), payload);
  if (!saved.ok) throw new Error(saved.message);
  return saved.row;
}
