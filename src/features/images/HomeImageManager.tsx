import { IntroLink, ManagerPage, PageTitle } from './ImageKit.tsx';
import ImageSlots from './ImageSlots.tsx';
import { HOME_MANAGER_SLOTS } from './image-ui.ts';

/** /home-image-manager: the home page's images by location, each previewed and replaced in place. */
export default function HomeImageManager() {
  return (
    <ManagerPage
      heading={
        <PageTitle title="Home Image Manager">
          The images on the <IntroLink href="/">home page</IntroLink>. A saved image reaches the live page without a rebuild; a location
          without an image shows the built-in default. Names, alt text and links are edited in the{' '}
          <IntroLink href="/site-image-manager">Site Image Manager</IntroLink>.
        </PageTitle>
      }
    >
      <ImageSlots slots={HOME_MANAGER_SLOTS} />
    </ManagerPage>
  );
}
