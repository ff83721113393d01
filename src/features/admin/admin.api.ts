/** The admin calls of admin.md §7, for the admin islands. The session rides on the cookie. */
import { apiFetch } from '../../lib/api.ts';
import type { ApiCategory } from '../catalog/catalog.ts';
import type { AdminEmail, LoginInput, OrdersQuery, ProductUpdate, StatusChange } from './admin.schema.ts';
import type { AdminMe, AdminOrder, AdminOrderSummary, AdminProduct, ContactMessage, OutboxMessage } from './admin.ts';

const json = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

export const adminApi = {
  me: () => apiFetch<AdminMe>('/api/admin/me'),
  login: (input: LoginInput) => apiFetch<AdminMe>('/api/admin/login', json('POST', input)),
  logout: () => apiFetch<AdminMe>('/api/admin/logout', { method: 'POST' }),
  orders: (query: Partial<OrdersQuery> = {}) =>
    apiFetch<{ orders: AdminOrderSummary[] }>(`/api/admin/orders?${new URLSearchParams(query as Record<string, string>)}`),
  order: (ref: string) => apiFetch<AdminOrder>(`/api/admin/orders/${encodeURIComponent(ref)}`),
  setStatus: (ref: string, change: StatusChange) =>
    apiFetch<AdminOrder>(`/api/admin/orders/${encodeURIComponent(ref)}/status`, json('PATCH', change)),
  sendEmail: (email: AdminEmail) => apiFetch<{ success: true; status: 'sent' | 'pending' }>('/api/admin/send-email', json('POST', email)),
  outbox: () => apiFetch<{ messages: OutboxMessage[] }>('/api/admin/outbox'),
  messages: () => apiFetch<{ messages: ContactMessage[] }>('/api/admin/messages'),
  products: () => apiFetch<AdminProduct[]>('/api/admin/products'),
  updateProduct: (id: number, update: ProductUpdate) => apiFetch<AdminProduct>(`/api/admin/products/${id}`, json('PATCH', update)),
  setInventory: (id: number, inStock: boolean) => apiFetch<AdminProduct>(`/api/admin/products/${id}/inventory`, json('PATCH', { inStock })),
  categories: () => apiFetch<ApiCategory[]>('/api/admin/categories'),
};
