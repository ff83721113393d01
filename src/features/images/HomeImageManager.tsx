import { AdminGate } from '../../components/admin/AdminSession.tsx';
import { BackToAdmin, PageTitle } from './ImageKit.tsx';
import ImageSlots from './ImageSlots.tsx';
import { HOME_MANAGER_SLOTS } from './image-ui.ts';

/** /home-image-manager: the home page's images by location, each previewed and replaced in place. */
export default function HomeImageManager() {
  return (
    <div className="flex flex-col gap-6">
      <BackToAdmin />
      <PageTitle title="Home Image Manager">
        The images on the{' '}
        <a href="/" className="font-semibold text-brand-800 underline hover:no-underline">
          home page
        </a>
        . A saved image reaches the live page without a rebuild; a location without an image shows the built-in default. Names, alt text and
        links are edited in the{' '}
        <a href="/site-image-manager" className="font-semibold text-brand-800 underline hover:no-underline">
          Site Image Manager
        </a>
        .
      </PageTitle>
      <AdminGate>
        <ImageSlots slots={HOME_MANAGER_SLOTS} />
      </AdminGate>
    </div>
  );
}
