import { describe, expect, it } from 'vitest';
import { ADMIN_SECTIONS, ADMIN_TABS, adminView, sectionsFor, tabsOf } from './admin-sections.ts';

const ids = <T extends { id: string }>(list: readonly T[]) => list.map((x) => x.id);

describe("the admin's sections", () => {
  it('gives every tab one section and a hash of its own, and every section a page under /admin', () => {
    expect(new Set(ids(ADMIN_TABS)).size).toBe(ADMIN_TABS.length);
    for (const section of ADMIN_SECTIONS) {
      expect(section.path).toBe(`/admin/${section.id}`);
      expect(tabsOf(section.id, 'admin').length, section.id).toBeGreaterThan(0);
    }
    expect(ADMIN_SECTIONS.flatMap((s) => ids(tabsOf(s.id, 'admin'))).sort()).toEqual(ids(ADMIN_TABS).sort());
  });

  it('shows an admin everything, a dispatcher orders, deliveries, drivers and reports, a driver nothing (D35)', () => {
    expect(ids(sectionsFor('admin'))).toEqual(['orders', 'delivery', 'menu', 'insights', 'team']);
    expect(ids(sectionsFor('dispatcher'))).toEqual(['orders', 'delivery', 'insights']);
    expect(ids(tabsOf('orders', 'dispatcher'))).toEqual(['orders']);
    expect(ids(tabsOf('delivery', 'dispatcher'))).toEqual(['deliveries', 'runs', 'drivers', 'vehicles']);
    expect(ids(tabsOf('insights', 'dispatcher'))).toEqual(['reports']);
    expect(sectionsFor('driver')).toEqual([]);
  });
});

describe('what a section page shows', () => {
  const shown = (view: ReturnType<typeof adminView>) => (view.kind === 'show' ? `${view.section.id}#${view.tab}` : `go ${view.href}`);

  it('opens the first section on /admin, and a tab of it in place', () => {
    expect(shown(adminView('admin', null, ''))).toBe('orders#orders');
    expect(shown(adminView('admin', null, 'outbox'))).toBe('orders#outbox');
    expect(shown(adminView('dispatcher', null, ''))).toBe('orders#orders');
  });

  it("sends an old link's tab to its section's page", () => {
    expect(shown(adminView('admin', null, 'drivers'))).toBe('go /admin/delivery#drivers');
    expect(shown(adminView('admin', null, 'states'))).toBe('go /admin/team#states');
    expect(shown(adminView('admin', 'orders', 'deals'))).toBe('go /admin/menu#deals');
    expect(shown(adminView('dispatcher', null, 'reports'))).toBe('go /admin/insights#reports');
  });

  it('opens the tab the hash names, else the first, on a section page', () => {
    expect(shown(adminView('admin', 'delivery', 'drivers'))).toBe('delivery#drivers');
    expect(shown(adminView('admin', 'delivery', ''))).toBe('delivery#deliveries');
    expect(shown(adminView('admin', 'delivery', 'no-such-tab'))).toBe('delivery#deliveries');
  });

  it('never opens a tab or section the role may not open', () => {
    expect(shown(adminView('dispatcher', null, 'staff'))).toBe('orders#orders');
    expect(shown(adminView('dispatcher', 'delivery', 'delivery-settings'))).toBe('delivery#deliveries');
    expect(shown(adminView('dispatcher', 'team', ''))).toBe('go /admin/orders');
    expect(shown(adminView('dispatcher', 'menu', 'drivers'))).toBe('go /admin/delivery#drivers');
    expect(shown(adminView('driver', 'orders', ''))).toBe('go /driver');
  });
});
