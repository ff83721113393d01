import { IntroLink, ManagerPage, PageTitle } from './ImageKit.tsx';
import ImageSlots from './ImageSlots.tsx';
import { SIMPLE_MANAGER_SLOTS } from './image-ui.ts';

/** /simple-image-manager (admin.md §2, §9): one image per simple slot, with its recommended size. */
export default function SimpleImageManager() {
  return (
    <ManagerPage
      heading={
        <PageTitle title="Simple Image Manager">
          One image per slot: upload it or give its address, then save. The home page's own images are in the{' '}
          <IntroLink href="/home-image-manager">Home Image Manager</IntroLink>; every image can also be edited in the{' '}
          <IntroLink href="/site-image-manager">Site Image Manager</IntroLink>.
        </PageTitle>
      }
    >
      <ImageSlots slots={SIMPLE_MANAGER_SLOTS} />
    </ManagerPage>
  );
}
