/** The menu's admin calls (categories, strains, deals), for the admin islands; types come from the routes. */
import { api, call } from '../../lib/api.ts';
import type { CategoryCreate, CategoryUpdate, DealInput, DealUpdate, StrainCreate, StrainUpdate } from './menu.schema.ts';

const admin = api.admin;
const param = (id: number) => ({ param: { id: String(id) } });

export const menuApi = {
  categories: () => call(admin.categories.$get()),
  createCategory: (json: CategoryCreate) => call(admin.categories.$post({ json })),
  updateCategory: (id: number, json: CategoryUpdate) => call(admin.categories[':id'].$patch({ ...param(id), json })),
  orderCategories: (ids: number[]) => call(admin.categories.order.$put({ json: { ids } })),
  retireCategory: (id: number) => call(admin.categories[':id'].retire.$post(param(id))),
  restoreCategory: (id: number) => call(admin.categories[':id'].restore.$post(param(id))),
  strains: () => call(admin.strains.$get()),
  createStrain: (json: StrainCreate) => call(admin.strains.$post({ json })),
  updateStrain: (id: number, json: StrainUpdate) => call(admin.strains[':id'].$patch({ ...param(id), json })),
  orderStrains: (ids: number[]) => call(admin.strains.order.$put({ json: { ids } })),
  retireStrain: (id: number) => call(admin.strains[':id'].retire.$post(param(id))),
  restoreStrain: (id: number) => call(admin.strains[':id'].restore.$post(param(id))),
  deals: () => call(admin.deals.$get()),
  createDeal: (json: DealInput) => call(admin.deals.$post({ json })),
  updateDeal: (id: number, json: DealUpdate) => call(admin.deals[':id'].$patch({ ...param(id), json })),
  deleteDeal: (id: number) => call(admin.deals[':id'].$delete(param(id))),
};
