import { AdminGate } from '../../components/admin/AdminSession.tsx';
import { BackToAdmin, PageTitle } from './ImageKit.tsx';
import ImageSlots from './ImageSlots.tsx';
import { SIMPLE_MANAGER_SLOTS } from './image-ui.ts';

/** /simple-image-manager (admin.md §2, §9): one image per simple slot, with its recommended size. */
export default function SimpleImageManager() {
  return (
    <div className="flex flex-col gap-6">
      <BackToAdmin />
      <PageTitle title="Simple Image Manager">
        One image per slot: upload it or give its address, then save. The home page's own images are in the{' '}
        <a href="/home-image-manager" className="font-semibold text-brand-800 underline hover:no-underline">
          Home Image Manager
        </a>
        ; every image can also be edited in the{' '}
        <a href="/site-image-manager" className="font-semibold text-brand-800 underline hover:no-underline">
          Site Image Manager
        </a>
        .
      </PageTitle>
      <AdminGate>
        <ImageSlots slots={SIMPLE_MANAGER_SLOTS} />
      </AdminGate>
    </div>
  );
}
