import type { siteImages } from '../../../db/schema.ts';
import { siteImage } from './catalog-data.ts';

type NewSiteImage = typeof siteImages.$inferInsert;

/** The home page's images at first start; the admin's site image manager replaces them later. */
const images: NewSiteImage[] = [
  {
    category: 'banner',
    name: 'Home hero',
    description: 'Fresh flower and edibles, delivered across the DMV',
    url: siteImage('home_hero'),
    location: 'home_hero',
    linkTo: '/deals',
  },
  {
    category: 'promotional',
    name: 'Featured picks',
    description: 'Staff favourites this week',
    url: siteImage('home_featured'),
    location: 'home_featured',
    linkTo: '/#products',
  },
  {
    category: 'deal',
    name: 'Deals banner',
    description: '40% off selected products',
    url: siteImage('home_cta'),
    location: 'home_cta',
    linkTo: '/deals',
  },
  {
    category: 'promotional',
    name: 'About us',
    description: 'Licensed, lab-tested, delivered by our own drivers',
    url: siteImage('home_about'),
    location: 'home_about',
    linkTo: '/contact',
  },
];

export const seedSiteImages = images.filter((image) => image.url !== '');
