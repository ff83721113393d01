/** The admin calls of admin.md §7, for the admin islands; their types come from the routes. */

import type {
  AdminEmail,
  BulkEdit,
  OrdersQuery,
  ProductCreate,
  ProductUpdate,
  StatusChange,
  StockChange,
} from '../../features/admin/admin.schema.ts';
import type { LoginInput } from '../../features/staff/staff.schema.ts';
import { api, call } from '../../lib/api.ts';

const admin = api.admin;

export const adminApi = {
  me: () => call(admin.me.$get()),
  login: (json: LoginInput) => call(admin.login.$post({ json })),
  logout: () => call(admin.logout.$post()),
  orders: (query: Partial<OrdersQuery> = {}) => call(admin.orders.$get({ query })),
  order: (ref: string) => call(admin.orders[':ref'].$get({ param: { ref } })),
  setStatus: (ref: string, json: StatusChange) => call(admin.orders[':ref'].status.$patch({ param: { ref }, json })),
  sendEmail: (json: AdminEmail) => call(admin['send-email'].$post({ json })),
  outbox: () => call(admin.outbox.$get()),
  messages: () => call(admin.messages.$get()),
  products: () => call(admin.products.$get()),
  updateProduct: (id: number, json: ProductUpdate) => call(admin.products[':id'].$patch({ param: { id: String(id) }, json })),
  setInventory: (id: number, inStock: boolean) =>
    call(admin.products[':id'].inventory.$patch({ param: { id: String(id) }, json: { inStock } })),
  createProduct: (json: ProductCreate) => call(admin.products.$post({ json })),
  deleteProduct: (id: number) => call(admin.products[':id'].$delete({ param: { id: String(id) } })),
  /** Every change the action makes; with `preview` nothing is written. */
  bulk: (json: BulkEdit, preview: boolean) => call(admin.products.bulk.$post({ query: preview ? { preview: '1' } : {}, json })),
  ledger: (id: number) => call(admin.products[':id'].ledger.$get({ param: { id: String(id) } })),
  changeStock: (id: number, json: StockChange) => call(admin.products[':id'].stock.$post({ param: { id: String(id) }, json })),
  audit: (id: number) => call(admin.products[':id'].audit.$get({ param: { id: String(id) } })),
  categories: () => call(admin.categories.$get()),
};
