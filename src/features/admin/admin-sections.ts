/**
 * The admin's screens, grouped the way an owner looks for them: each section has its own page
 * (/admin/orders, /admin/delivery, ...) and its tabs; the hash picks a tab within the section, so a
 * reload or a shared link opens the same tab. /admin opens the first section the role may open.
 *
 * - Orders: the day's orders and what the shop says to its customers (Send Email, Messages, Outbox).
 * - Delivery: getting orders to the door (Deliveries, Runs, Drivers, Vehicles, Delivery settings:
 *   zones and windows).
 * - Menu: what the shop sells (Products and its tools, Packages, Categories, Deals, Import / Export,
 *   AI SEO).
 * - Insights: how the shop is doing (Reports).
 * - Team & compliance: who may do what, the law of each state, and what is reported to the state
 *   (Staff, States, Track and trace).
 */
import type { StaffRole } from '../../db/delivery-values.ts';
import { homeOf, mayOpen } from '../staff/roles.ts';

export const ADMIN_SECTIONS = [
  { id: 'orders', label: 'Orders', path: '/admin/orders' },
  { id: 'delivery', label: 'Delivery', path: '/admin/delivery' },
  { id: 'menu', label: 'Menu', path: '/admin/menu' },
  { id: 'insights', label: 'Insights', path: '/admin/insights' },
  { id: 'team', label: 'Team & compliance', path: '/admin/team' },
] as const;

export type AdminSection = (typeof ADMIN_SECTIONS)[number];
export type SectionId = AdminSection['id'];

/**
 * Each tab names the API it needs, so a role sees only the tabs its role opens (D35), and a section
 * only when one of its tabs is open to it. A tab's id is its hash, unique across sections, so an old
 * link to /admin#drivers still finds its tab.
 */
export const ADMIN_TABS = [
  { id: 'orders', section: 'orders', label: 'Orders', needs: '/api/admin/orders' },
  { id: 'email', section: 'orders', label: 'Send Email', needs: '/api/admin/send-email' },
  { id: 'messages', section: 'orders', label: 'Messages', needs: '/api/admin/messages' },
  { id: 'outbox', section: 'orders', label: 'Outbox', needs: '/api/admin/outbox' },
  { id: 'deliveries', section: 'delivery', label: 'Deliveries', needs: '/api/admin/deliveries' },
  // D40: runs (a driver, a vehicle, orders in stop order) and their manifests.
  { id: 'runs', section: 'delivery', label: 'Runs', needs: '/api/admin/runs' },
  { id: 'drivers', section: 'delivery', label: 'Drivers', needs: '/api/admin/drivers' },
  { id: 'vehicles', section: 'delivery', label: 'Vehicles', needs: '/api/admin/vehicles' },
  { id: 'delivery-settings', section: 'delivery', label: 'Delivery settings', needs: '/api/admin/delivery' },
  { id: 'products', section: 'menu', label: 'Products', needs: '/api/admin/products' },
  // D40: packages (receive, tag, lab results, adjust, finish, COA, CSV); admins only.
  { id: 'packages', section: 'menu', label: 'Packages', needs: '/api/admin/packages' },
  { id: 'categories', section: 'menu', label: 'Categories', needs: '/api/admin/categories' },
  { id: 'deals', section: 'menu', label: 'Deals', needs: '/api/admin/deals' },
  { id: 'import-export', section: 'menu', label: 'Import / Export', needs: '/api/admin/products/import' },
  { id: 'seo', section: 'menu', label: 'AI SEO Manager', needs: '/api/seo' },
  { id: 'reports', section: 'insights', label: 'Reports', needs: '/api/admin/reports' },
  { id: 'staff', section: 'team', label: 'Staff', needs: '/api/admin/staff' },
  // D38: the law of each state (sales, taxes, limits, hours) with its sources; admins only.
  { id: 'states', section: 'team', label: 'States', needs: '/api/admin/states' },
  // D40: each delivery's report to Metrc, why it waits or what Metrc answered; admins only.
  { id: 'track-and-trace', section: 'team', label: 'Track and trace', needs: '/api/admin/track-and-trace' },
] as const satisfies readonly { id: string; section: SectionId; label: string; needs: string }[];

export type AdminTab = (typeof ADMIN_TABS)[number];
export type TabId = AdminTab['id'];

/** The tabs of `section` that `role` may open, in the order the section shows them. */
export function tabsOf(section: SectionId, role: StaffRole): AdminTab[] {
  return ADMIN_TABS.filter((t) => t.section === section && mayOpen(role, t.needs));
}

/** The sections `role` sees: those with at least one tab it may open. */
export function sectionsFor(role: StaffRole): AdminSection[] {
  return ADMIN_SECTIONS.filter((s) => tabsOf(s.id, role).length > 0);
}

/** What a section page shows, or where it sends the visitor instead. */
export type AdminView = { kind: 'show'; section: AdminSection; tabs: AdminTab[]; tab: TabId } | { kind: 'go'; href: string };

/**
 * What the page of `section` (null for /admin) shows to `role` for the URL hash `hash` (without
 * its '#'). A hash naming a tab of another section leads to that section's page, so old links
 * (/admin#drivers) land on their tab; a section the role sees nothing of leads to the first one it
 * does; a role with no section at all goes to its own start page.
 */
export function adminView(role: StaffRole, section: SectionId | null, hash: string): AdminView {
  const sections = sectionsFor(role);
  const first = sections[0];
  if (!first) return { kind: 'go', href: homeOf(role) };
  const shown = section === null ? first : sections.find((s) => s.id === section);
  const named = ADMIN_TABS.find((t) => t.id === hash && mayOpen(role, t.needs));
  if (named && named.section !== shown?.id) return { kind: 'go', href: `${sectionById(named.section).path}#${named.id}` };
  if (!shown) return { kind: 'go', href: first.path };
  const tabs = tabsOf(shown.id, role);
  return { kind: 'show', section: shown, tabs, tab: (named ?? tabs[0] ?? ADMIN_TABS[0]).id };
}

function sectionById(id: SectionId): AdminSection {
  return ADMIN_SECTIONS.find((s) => s.id === id) ?? ADMIN_SECTIONS[0];
}
