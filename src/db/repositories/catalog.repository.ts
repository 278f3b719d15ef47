import { CategorySchema, type Category } from '../entities/category.entity.ts';
import { CompanySchema, type Company } from '../entities/company.entity.ts';
import type { Em } from '../orm.ts';

/** Companies and categories by id: what the GraphQL loaders batch into one IN query each. */
export class CatalogRepository {
  async companiesByIds(em: Em, ids: readonly string[]): Promise<Company[]> {
    return em.find(CompanySchema, { id: { $in: [...ids] } });
  }

  async categoriesByIds(em: Em, ids: readonly string[]): Promise<Category[]> {
    return em.find(CategorySchema, { id: { $in: [...ids] } });
  }

  async allCategories(em: Em): Promise<Category[]> {
    return em.find(CategorySchema, {}, { orderBy: { name: 'asc' } });
  }
}
