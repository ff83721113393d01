import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Loading } from '../../components/admin/AdminKit.tsx';
import { $adminSession, AdminGate } from '../../components/admin/AdminSession.tsx';
import Tabs from '../../components/ui/Tabs.tsx';
import { useStore } from '../../lib/use-store.ts';
import DeliverySettingsTab from '../delivery/DeliverySettingsTab.tsx';
import StatesTab from '../delivery/StatesTab.tsx';
import DeliveriesTab from '../dispatch/DeliveriesTab.tsx';
import DriversTab from '../dispatch/DriversTab.tsx';
import CategoriesTab from '../menu/CategoriesTab.tsx';
import DealsTab from '../menu/DealsTab.tsx';
import ProductCsvPanel from '../menu/ProductCsvPanel.tsx';
import { mayOpen } from '../staff/roles.ts';
import MessagesTab from './MessagesTab.tsx';
import OrdersTab from './OrdersTab.tsx';
import OutboxTab from './OutboxTab.tsx';
import SendEmailTab from './SendEmailTab.tsx';
import StaffTab from './StaffTab.tsx';

// The charts are a chunk of their own, fetched when the Reports tab first opens.
const ReportsTab = lazy(() => import('../reports/ReportsTab.tsx'));

/** Each tab names the API it needs, so a role sees only the tabs its role opens (D35). */
const TABS = [
  { id: 'orders', label: 'Orders', needs: '/api/admin/orders' },
  { id: 'email', label: 'Send Email', needs: '/api/admin/send-email' },
  { id: 'deliveries', label: 'Deliveries', needs: '/api/admin/deliveries' },
  { id: 'reports', label: 'Reports', needs: '/api/admin/reports' },
  { id: 'drivers', label: 'Drivers', needs: '/api/admin/drivers' },
  { id: 'products', label: 'Products', needs: '/api/admin/products' },
  { id: 'categories', label: 'Categories', needs: '/api/admin/categories' },
  { id: 'deals', label: 'Deals', needs: '/api/admin/deals' },
  { id: 'import-export', label: 'Import / Export', needs: '/api/admin/products/import' },
  { id: 'seo', label: 'AI SEO Manager', needs: '/api/seo' },
  { id: 'delivery-settings', label: 'Delivery settings', needs: '/api/admin/delivery' },
  // D38: the law of each state (sales, taxes, limits, hours) with its sources; admins only.
  { id: 'states', label: 'States', needs: '/api/admin/states' },
  { id: 'outbox', label: 'Outbox', needs: '/api/admin/outbox' },
  { id: 'messages', label: 'Messages', needs: '/api/admin/messages' },
  { id: 'staff', label: 'Staff', needs: '/api/admin/staff' },
] as const;
type TabId = (typeof TABS)[number]['id'];

const PRODUCT_TOOLS = [
  { href: '/product-manager', label: 'Product Manager', detail: 'Search, edit prices and details, switch products in or out of stock.' },
  { href: '/product-image-manager', label: 'Product Image Manager', detail: "Upload or link a product's image." },
  { href: '/site-image-manager', label: 'Site Image Manager', detail: 'Banners, deal and category images across the site.' },
  { href: '/simple-image-manager', label: 'Simple Image Manager', detail: "The home page's hero, featured and banner images." },
  { href: '/home-image-manager', label: 'Home Image Manager', detail: 'Every image on the home page, by location, with a preview.' },
  { href: '/flower-image-generator', label: 'Flower Image Generator', detail: 'Generate images for flower products that have none.' },
] as const;

type Tab = (typeof TABS)[number];

const tabFromHash = (tabs: readonly Tab[]): TabId => {
  const hash = window.location.hash.slice(1);
  return (tabs.find((t) => t.id === hash) ?? tabs[0] ?? TABS[0]).id;
};

/** /admin (admin.md §2): the dashboard's tabs, behind the session check. */
export default function AdminDashboard() {
  return (
    <AdminGate>
      <Dashboard />
    </AdminGate>
  );
}

function Dashboard() {
  const session = useStore($adminSession);
  const role = session.status === 'signedIn' ? session.role : 'admin';
  const tabs = useMemo(() => TABS.filter((t) => mayOpen(role, t.needs)), [role]);
  // The tab lives in the URL hash, so a reload or a shared link opens the same tab.
  const [active, setActive] = useState<TabId>(() => tabFromHash(tabs));
  // Panels are mounted when first opened and then kept, so a tab keeps its search and scroll.
  const [opened, setOpened] = useState<ReadonlySet<TabId>>(() => new Set([active]));

  const select = useCallback((tab: TabId) => {
    setActive(tab);
    setOpened((old) => (old.has(tab) ? old : new Set([...old, tab])));
    if (window.location.hash.slice(1) !== tab) window.history.replaceState(null, '', `#${tab}`);
  }, []);

  useEffect(() => {
    const onHash = () => select(tabFromHash(tabs));
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [select, tabs]);

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">Admin Dashboard</h1>
      <Tabs label="Admin sections" tabs={tabs} active={active} onSelect={select} panel={(id) => opened.has(id) && <Panel tab={id} />} />
    </div>
  );
}

function Panel({ tab }: { tab: TabId }) {
  switch (tab) {
    case 'orders':
      return <OrdersTab />;
    case 'deliveries':
      return <DeliveriesTab />;
    case 'reports':
      return (
        <Suspense fallback={<Loading label="Loading the reports…" />}>
          <ReportsTab />
        </Suspense>
      );
    case 'drivers':
      return <DriversTab />;
    case 'email':
      return <SendEmailTab />;
    case 'outbox':
      return <OutboxTab />;
    case 'messages':
      return <MessagesTab />;
    case 'staff':
      return <StaffTab />;
    case 'categories':
      return <CategoriesTab />;
    case 'deals':
      return <DealsTab />;
    case 'import-export':
      return <ProductCsvPanel />;
    case 'delivery-settings':
      return <DeliverySettingsTab />;
    case 'states':
      return <StatesTab />;
    case 'products':
      return (
        <section aria-labelledby="products-tools" className="flex flex-col gap-4">
          <h2 id="products-tools" className="text-xl font-bold">
            Product tools
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {PRODUCT_TOOLS.map((tool) => (
              <li key={tool.href}>
                <a
                  href={tool.href}
                  className="block h-full rounded-2xl border border-stone-200 bg-white p-5 hover:border-brand-700 hover:bg-brand-50"
                >
                  <span className="block font-semibold text-brand-800">{tool.label}</span>
                  <span className="mt-1 block text-sm text-muted">{tool.detail}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      );
    case 'seo':
      return (
        <section aria-labelledby="seo-tools" className="flex flex-col gap-4">
          <h2 id="seo-tools" className="text-xl font-bold">
            AI SEO Manager
          </h2>
          <p className="text-muted">Generate product and category SEO content, audit pages, write blog posts and research keywords.</p>
          <p>
            <a href="/seo-manager" className="inline-flex rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
              Open the AI SEO Manager
            </a>
          </p>
        </section>
      );
  }
}
