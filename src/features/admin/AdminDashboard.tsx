import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Loading } from '../../components/admin/AdminKit.tsx';
import { $adminSession, AdminGate } from '../../components/admin/AdminSession.tsx';
import Tabs from '../../components/ui/Tabs.tsx';
import { useStore } from '../../lib/use-store.ts';
import DeliverySettingsTab from '../delivery/DeliverySettingsTab.tsx';
import StatesTab from '../delivery/StatesTab.tsx';
import DeliveriesTab from '../dispatch/DeliveriesTab.tsx';
import DriversTab from '../dispatch/DriversTab.tsx';
import RunsTab from '../dispatch/RunsTab.tsx';
import VehiclesTab from '../dispatch/VehiclesTab.tsx';
import CategoriesTab from '../menu/CategoriesTab.tsx';
import DealsTab from '../menu/DealsTab.tsx';
import PackagesTab from '../menu/PackagesTab.tsx';
import ProductCsvPanel from '../menu/ProductCsvPanel.tsx';
import TrackAndTraceTab from '../metrc/TrackAndTraceTab.tsx';
import type { StaffRole } from '../staff/roles.ts';
import AdminNav, { type NavSection } from './AdminNav.tsx';
import { adminView, type SectionId, sectionsFor, type TabId, tabsOf } from './admin-sections.ts';
import MessagesTab from './MessagesTab.tsx';
import OrdersTab from './OrdersTab.tsx';
import OutboxTab from './OutboxTab.tsx';
import SendEmailTab from './SendEmailTab.tsx';
import StaffTab from './StaffTab.tsx';

// The charts are a chunk of their own, fetched when the Reports tab first opens.
const ReportsTab = lazy(() => import('../reports/ReportsTab.tsx'));

const PRODUCT_TOOLS = [
  { href: '/product-manager', label: 'Product Manager', detail: 'Search, edit prices and details, switch products in or out of stock.' },
  { href: '/product-image-manager', label: 'Product Image Manager', detail: "Upload or link a product's image." },
  { href: '/site-image-manager', label: 'Site Image Manager', detail: 'Banners, deal and category images across the site.' },
  { href: '/simple-image-manager', label: 'Simple Image Manager', detail: "The home page's hero, featured and banner images." },
  { href: '/home-image-manager', label: 'Home Image Manager', detail: 'Every image on the home page, by location, with a preview.' },
  { href: '/flower-image-generator', label: 'Flower Image Generator', detail: 'Generate images for flower products that have none.' },
] as const;

const currentHash = () => window.location.hash.slice(1);

/**
 * /admin and its section pages (admin.md §2; admin-sections.ts): the sections a role may open and
 * the chosen section's tabs, behind the session check. Without `section` (/admin) it opens the
 * first section the role may open.
 */
export default function AdminDashboard({ section }: { section?: SectionId | undefined }) {
  return (
    <AdminGate>
      <Dashboard section={section ?? null} />
    </AdminGate>
  );
}

function Dashboard({ section }: { section: SectionId | null }) {
  const session = useStore($adminSession);
  // The last signed-in role: while a sign-in dialog stands over an ended session, the screen keeps
  // the sections it had, and a new sign-in (perhaps as someone else) decides again.
  const [role, setRole] = useState<StaffRole>(session.status === 'signedIn' ? session.role : 'admin');
  if (session.status === 'signedIn' && session.role !== role) setRole(session.role);
  // The tab lives in the URL hash, so a reload or a shared link opens the same tab.
  const [hash, setHash] = useState(currentHash);
  const view = useMemo(() => adminView(role, section, hash), [role, section, hash]);
  const nav = useMemo<NavSection[]>(() => sectionsFor(role).map((s) => ({ ...s, tabs: tabsOf(s.id, role).map((t) => t.label) })), [role]);
  // Panels are mounted when first opened and then kept, so a tab keeps its search and scroll.
  const [opened, setOpened] = useState<ReadonlySet<TabId>>(() => new Set());
  if (view.kind === 'show' && !opened.has(view.tab)) setOpened(new Set([...opened, view.tab]));

  const select = useCallback((tab: TabId) => {
    if (currentHash() !== tab) window.history.replaceState(null, '', `#${tab}`);
    setHash(tab);
  }, []);

  useEffect(() => {
    const onHash = () => setHash(currentHash());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  // Old links (/admin#drivers) and sections the role sees nothing of lead to the right page; replace,
  // so Back does not return to a page that would only send the visitor on again.
  const goTo = view.kind === 'go' ? view.href : null;
  useEffect(() => {
    if (goTo !== null) window.location.replace(goTo);
  }, [goTo]);

  if (view.kind === 'go') return <Loading label="Opening the page…" />;

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">Admin Dashboard</h1>
      <div className="flex flex-col gap-6 md:grid md:grid-cols-[13rem_minmax(0,1fr)] md:items-start md:gap-8">
        <AdminNav sections={nav} current={view.section.id} />
        <div className="min-w-0">
          <Tabs
            label={view.section.label}
            tabs={view.tabs}
            active={view.tab}
            onSelect={select}
            panel={(id) => opened.has(id) && <Panel tab={id} />}
          />
        </div>
      </div>
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
    case 'runs':
      return <RunsTab />;
    case 'vehicles':
      return <VehiclesTab />;
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
    case 'packages':
      return <PackagesTab />;
    case 'import-export':
      return <ProductCsvPanel />;
    case 'delivery-settings':
      return <DeliverySettingsTab />;
    case 'states':
      return <StatesTab />;
    case 'track-and-trace':
      return <TrackAndTraceTab />;
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
