import { describe, expect, it } from 'vitest';
import { imageForHomeLocation, imageForLocation, toShownImage } from './home-images.ts';
import {
  type AdminSiteImage,
  EMPTY_SITE_IMAGE_FORM,
  NAME_AND_URL_REQUIRED,
  productIdFromPath,
  SIMPLE_MANAGER_SLOTS,
  searchProducts,
  slotImage,
  slotSaveInput,
  validateProductImage,
  validateSiteImage,
} from './image-ui.ts';

const row = (overrides: Partial<AdminSiteImage>): AdminSiteImage => ({
  id: 1,
  category: 'banner',
  name: 'Banner',
  description: '',
  url: '/images/site/a.webp',
  active: true,
  linkTo: null,
  location: 'home_cta',
  createdAt: 0,
  updatedAt: 0,
  ...overrides,
});

describe('which image a location shows', () => {
  it('is the newest active image placed there', () => {
    const images = [row({ id: 1 }), row({ id: 3, active: false }), row({ id: 2 }), row({ id: 4, location: 'home_hero' })];
    expect(imageForLocation(images, 'home_cta')?.id).toBe(2);
    expect(imageForLocation(images, 'home_about')).toBeNull();
    // The simple manager's slot stands in for the home location it names.
    const withSlot = [...images, { id: 9, location: 'about_section', active: true }];
    expect(imageForHomeLocation(withSlot, 'home_about')?.id).toBe(9);
    expect(imageForHomeLocation(withSlot, 'home_cta')?.id).toBe(2);
  });
  it('a slot manager updates the shown one, else the newest inactive one', () => {
    expect(slotImage([row({ id: 1 }), row({ id: 5, active: false })], 'home_cta')?.id).toBe(1);
    expect(slotImage([row({ id: 1, active: false }), row({ id: 5, active: false })], 'home_cta')?.id).toBe(5);
    expect(slotImage([], 'home_cta')).toBeNull();
  });
  it('never hands an unsafe URL to the page', () => {
    expect(toShownImage({ url: 'javascript:alert(1)', name: 'x' })).toBeNull();
    expect(toShownImage({ url: '//evil.example/x.png' })).toBeNull();
    expect(toShownImage({ url: '/a.png', name: 'A', description: 'd', linkTo: 'javascript:x' })).toEqual({
      url: '/a.png',
      name: 'A',
      description: 'd',
      linkTo: null,
    });
  });
});

describe('site image form (admin.md §5)', () => {
  it("needs a name and a URL: 'Image name and URL are required'", () => {
    const empty = validateSiteImage(EMPTY_SITE_IMAGE_FORM);
    expect(empty.ok).toBe(false);
    if (!empty.ok) {
      expect(empty.message).toBe(NAME_AND_URL_REQUIRED);
      expect(empty.fields.name).toBe(NAME_AND_URL_REQUIRED);
    }
    const noUrl = validateSiteImage({ ...EMPTY_SITE_IMAGE_FORM, name: 'Hero' });
    expect(noUrl.ok || noUrl.message).toBe(NAME_AND_URL_REQUIRED);
  });
  it('refuses an unsafe URL or link, and sends an empty link as null', () => {
    const bad = validateSiteImage({ ...EMPTY_SITE_IMAGE_FORM, name: 'Hero', url: 'javascript:alert(1)' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.fields.url).toMatch(/https/);
    const ok = validateSiteImage({ ...EMPTY_SITE_IMAGE_FORM, name: ' Hero ', url: '/images/a.webp', linkTo: '  ' });
    expect(ok).toEqual({
      ok: true,
      value: { name: 'Hero', description: '', category: 'banner', location: 'none', linkTo: null, active: true, url: '/images/a.webp' },
    });
  });
  it('a slot save keeps the existing image and makes it active, or creates one named after the slot', () => {
    const slot = SIMPLE_MANAGER_SLOTS[0];
    if (!slot) throw new Error('no slots');
    expect(slot).toMatchObject({ location: 'hero_main', label: 'Hero main', width: 600, height: 400 });
    const created = slotSaveInput(slot, '/x.png', null);
    expect(created).toMatchObject({ name: 'Hero main', location: 'hero_main', url: '/x.png', active: true });
    const existing = row({ id: 9, name: 'Kept', location: 'hero_main', active: false, linkTo: '/deals' });
    expect(slotSaveInput(slot, '/y.png', existing)).toMatchObject({ name: 'Kept', url: '/y.png', active: true, linkTo: '/deals' });
  });
  it('product image: a URL is required', () => {
    expect(validateProductImage('  ')).toMatchObject({ ok: false, message: 'Image URL is required' });
    expect(validateProductImage('/api/images/uploads/a.png')).toEqual({ ok: true, value: { image: '/api/images/uploads/a.png' } });
  });
});

describe('product image manager route', () => {
  it('reads the id from the path', () => {
    expect(productIdFromPath('/product-image-manager')).toBeNull();
    expect(productIdFromPath('/product-image-manager/')).toBeNull();
    expect(productIdFromPath('/product-image-manager/12')).toBe(12);
    expect(productIdFromPath('/product-image-manager/12/')).toBe(12);
    expect(productIdFromPath('/product-image-manager/abc')).toBe(0);
    expect(productIdFromPath('/product-image-manager/0')).toBe(0);
  });
  it('searches name, category and id by every word', () => {
    const products = [
      { id: 1, name: 'Blue Dream Reserve', categoryName: 'Flower' },
      { id: 2, name: 'Blue Dream Pre-roll', categoryName: 'Pre-roll' },
      { id: 12, name: 'Gelato Badder', categoryName: 'Concentrate' },
    ];
    expect(searchProducts(products, '').map((p) => p.id)).toEqual([1, 2, 12]);
    expect(searchProducts(products, 'blue flower').map((p) => p.id)).toEqual([1]);
    expect(searchProducts(products, '#12').map((p) => p.id)).toEqual([12]);
  });
});
